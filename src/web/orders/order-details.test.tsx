import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderCard } from './order-card.tsx';
import { OrderDetails } from './order-details.tsx';
import { setLocale } from '../i18n/locale-store.ts';
import type { BuyAgainLine, Order } from '#contracts/orders';
import { MemoryRouter } from 'react-router';
import { order } from './order-fixtures.ts';

const noop = () => {};
const rows = (list: HTMLElement) =>
  within(list).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('OrderDetails', () => {
  it('gives each line its quantity and unit price "each", and every line of the money', () => {
    render(<OrderDetails order={order()} onInvoice={noop} onCancel={noop} cancelling={false} />);

    expect(screen.getByText(/2 × \$42\.99 each/)).toBeInTheDocument();
    expect(screen.getByText('$85.98')).toBeInTheDocument();
    expect(screen.getByText(/1 × \$18\.00 each/)).toBeInTheDocument();
    expect(rows(screen.getByLabelText('Payment summary'))).toEqual([
      ['Subtotal', '$103.98'], ['Discount (SURGERY15)', '-$15.60'], ['Shipping', '$75.00'], ['Tax', '$15.02'],
      ['Card processing fee', '$4.46'], ['Total (USD)', '$182.86'], ['Amount charged (USD)', '$182.86'],
    ]);
  });

  it('shows the part store credit paid between the total and what the method was charged', () => {
    render(<OrderDetails order={order({ storeCredit: '100.00', amountCharged: '82.86', totalCharged: 82.86 })} onInvoice={noop} onCancel={noop} cancelling={false} />);
    expect(rows(screen.getByLabelText('Payment summary')).slice(-3)).toEqual([
      ['Total (USD)', '$182.86'], ['Paid with store credit', '-$100.00'], ['Amount charged (USD)', '$82.86'],
    ]);
  });

  it('names the size or version sold under the product, on the details and the card', () => {
    const sold = order({ items: [{ ...order().items[0]!, name: 'Metzenbaum Scissors', variantId: 32, variantLabel: '18 cm · Curved' }] });
    const { unmount } = render(<OrderDetails order={sold} onInvoice={noop} onCancel={noop} cancelling={false} />);
    expect(screen.getByText('Metzenbaum Scissors').nextElementSibling).toHaveTextContent('18 cm · Curved');
    unmount();
    render(<OrderCard order={sold} onView={noop} onTrack={noop} onInvoice={noop} />);
    expect(screen.getByText('18 cm · Curved')).toBeInTheDocument();
  });

  it('shows a wallet payment in rupees with its rate, free shipping, and no discount or fee', () => {
    render(<OrderDetails order={order({
      currency: 'PKR', exchangeRate: '278.50', promoCode: null, amountCharged: '168788.00', total: 606.06, totalCharged: 168_788,
      paymentMethod: 'jazzcash',
      breakdown: { subtotal: '518.00', discount: '0.00', shipping: '0.00', tax: '88.06', fee: '0.00', total: '606.06', refunded: '0.00' },
    })} onInvoice={noop} onCancel={noop} cancelling={false} />);

    expect(rows(screen.getByLabelText('Payment summary'))).toEqual([
      ['Subtotal', '$518.00'], ['Shipping', 'Free'], ['Tax', '$88.06'], ['Total (USD)', '$606.06'], ['Amount charged (PKR)', 'PKR 168,788.00'],
    ]);
    expect(screen.getByText('At 278.50 PKR per USD')).toBeInTheDocument();
  });

  it('keeps a minus before the discount and the rate with its currency in Urdu, right to left', () => {
    act(() => setLocale('ur'));
    render(<OrderDetails order={order({ currency: 'PKR', exchangeRate: '278.50', amountCharged: '50925.00' })}
      onInvoice={noop} onCancel={noop} cancelling={false} />);

    expect(screen.getByText('رعایت (SURGERY15)').nextElementSibling).toHaveTextContent('\u2068\u200e-$15.60\u2069');
    expect(screen.getByText('2 × \u2068$42.99\u2069 فی عدد', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('\u2066278.50 PKR\u2069 فی امریکی ڈالر کے حساب سے')).toBeInTheDocument();
  });

  it('names each line\'s category in Urdu, and in the English it was ordered under when the product is gone', () => {
    act(() => setLocale('ur'));
    render(<OrderDetails order={order()} onInvoice={noop} onCancel={noop} cancelling={false} />);

    const scissors = screen.getByText('Mayo Scissors, 17 cm').closest('li');
    const hemostat = screen.getByText('Kelly Hemostat').closest('li');
    expect(scissors).toHaveTextContent('جنرل سرجری');
    expect(scissors).not.toHaveTextContent('General Surgery');
    expect(hemostat).toHaveTextContent('General Surgery');
  });
});

describe('OrderDetails timeline', () => {
  const timeline = () => within(screen.getByRole('list', { name: 'مراحل التتبع' })).getAllByRole('listitem');
  const events: Order['trackingEvents'] = [
    { id: 4, status: 'shipped', event: null, params: {}, description: 'Arrived at the Lahore sorting hub', timestamp: '2026-03-12T08:00:00.000Z' },
    { id: 3, status: 'shipped', event: 'shipped', params: { carrier: 'TCS', trackingNumber: 'TCS-55501' },
      description: 'Order shipped with TCS, tracking number TCS-55501', timestamp: '2026-03-11T15:00:00.000Z' },
    { id: 2, status: 'confirmed', event: 'confirmed_on_terms', params: { terms: 'net30', dueDate: '2026-04-09' },
      description: 'Order confirmed on Net 30 terms: payment due by 2026-04-09', timestamp: '2026-03-10T09:31:00.000Z' },
    { id: 1, status: 'pending', event: 'placed', params: {}, description: 'Order placed', timestamp: '2026-03-10T09:30:00.000Z' },
  ];

  it('tells an Arabic visitor what the shop wrote in Arabic, and shows what staff typed as typed', () => {
    act(() => setLocale('ar'));
    render(<OrderDetails order={order({ trackingEvents: events })} onInvoice={noop} onCancel={noop} cancelling={false} />);

    const [update, shipped, confirmed, placed] = timeline();
    expect(update).toHaveTextContent('Arrived at the Lahore sorting hub');
    expect(within(update).getByText('Arrived at the Lahore sorting hub')).toHaveAttribute('dir', 'auto');
    expect(shipped).toHaveTextContent('تم شحن الطلب عبر \u2068TCS\u2069، رقم التتبع \u2068TCS-55501\u2069');
    expect(confirmed).toHaveTextContent('تم تأكيد الطلب بشروط دفع صافي 30 يومًا: يُستحق السداد بحلول ٩ أبريل ٢٠٢٦');
    expect(placed).toHaveTextContent('تم تقديم الطلب');
    expect(screen.queryByText(/Order (placed|shipped|confirmed)/)).not.toBeInTheDocument();
  });

  it('reads in English as the shop wrote it, with the due date in words', () => {
    render(<OrderDetails order={order({ trackingEvents: events })} onInvoice={noop} onCancel={noop} cancelling={false} />);

    expect(screen.getByText('Order shipped with TCS, tracking number TCS-55501')).toBeInTheDocument();
    expect(screen.getByText('Order confirmed on Net 30 terms: payment due by Apr 9, 2026')).toBeInTheDocument();
    expect(screen.getByText('Order placed')).toBeInTheDocument();
  });
});

describe('OrderCard', () => {
  it('sums the order up line by line', () => {
    render(<OrderCard order={order()} onView={noop} onTrack={noop} onInvoice={noop} />);

    expect(rows(screen.getByLabelText('Payment summary'))).toEqual([
      ['Subtotal', '$103.98'], ['Discount (SURGERY15)', '-$15.60'], ['Shipping', '$75.00'], ['Tax', '$15.02'],
      ['Card processing fee', '$4.46'], ['Total (USD)', '$182.86'], ['Amount charged (USD)', '$182.86'],
    ]);
  });
});

describe('Buy Again on an order', () => {
  const lines: BuyAgainLine[] = [
    { product_id: 1, variant_id: 11, variant_label: '', name: 'Mayo Scissors', ordered_quantity: 2, added: 2, outcome: 'added', ordered_price: '20.00', today_price: '20.00', equivalent: null },
    { product_id: 2, variant_id: 12, variant_label: '14 cm', name: 'Kelly Hemostat', ordered_quantity: 3, added: 3, outcome: 'added', ordered_price: '18.00', today_price: '21.00', equivalent: null },
    { product_id: 3, variant_id: 13, variant_label: '', name: 'Adson Forceps', ordered_quantity: 1, added: 0, outcome: 'discontinued', ordered_price: '9.00', today_price: null,
      equivalent: { product_id: 5, variant_id: 15, variant_label: '', slug: 'adson-forceps-karl', name: 'Adson Forceps', brand: 'Karl Medics', price: '9.50', available_stock: 30, image: '' } },
    { product_id: 4, variant_id: 14, variant_label: '', name: 'Iris Scissors', ordered_quantity: 4, added: 1, outcome: 'partial', ordered_price: '12.00', today_price: '12.00', equivalent: null },
  ];

  it('says what changed: a moved price, a size no longer sold with the one in stock instead, a short line', () => {
    render(
      <MemoryRouter>
        <OrderDetails order={order()} onInvoice={noop} onCancel={noop} cancelling={false} buyAgain={{ onBuyAgain: noop, pending: false, lines }} />
      </MemoryRouter>,
    );
    const summary = screen.getByRole('status');
    expect(summary).toHaveTextContent('Added to your cart at today\'s prices');
    expect(within(summary).getByText(/Mayo Scissors/).parentElement).toHaveTextContent('Mayo Scissors: 2 added');
    expect(summary).toHaveTextContent('Now $21.00 each (was $18.00)');
    expect(summary).not.toHaveTextContent('Now $20.00');
    expect(summary).toHaveTextContent('no longer sold, not added');
    expect(within(summary).getByRole('link', { name: 'In stock instead: Adson Forceps (Karl Medics), $9.50' })).toHaveAttribute('href', '/products/adson-forceps-karl');
    expect(summary).toHaveTextContent('only 1 of 4 in stock, 1 added');
    expect(within(summary).getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
  });
});
