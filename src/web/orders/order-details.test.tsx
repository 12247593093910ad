import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '#contracts/orders';
import { OrderCard } from './order-card.tsx';
import { OrderDetails } from './order-details.tsx';
import { setLocale } from '../i18n/locale-store.ts';

/** 2 × 42.99 + 18.00 = 103.98; SURGERY15 −15.60; shipping 75.00; tax 17% of 88.38 = 15.02; card fee 2.5% of 178.40 = 4.46. */
function order(overrides: Partial<Order> = {}): Order {
  return {
    id: '5d9f4c1e-8a77-4d2b-9a51-0c3f6e1b2a10',
    orderNumber: 'SS-7K2M9QXD',
    status: 'confirmed',
    createdAt: '2026-03-10T09:30:00.000Z',
    estimatedDelivery: '2026-03-14',
    total: 182.86,
    totalCharged: 182.86,
    breakdown: { subtotal: '103.98', discount: '15.60', shipping: '75.00', tax: '15.02', fee: '4.46', total: '182.86' },
    amountCharged: '182.86',
    currency: 'USD',
    exchangeRate: null,
    promoCode: 'SURGERY15',
    paymentStatus: 'paid',
    paymentMethod: 'credit_card',
    orderType: 'individual',
    items: [
      { id: 1, productId: 7, name: 'Mayo Scissors, 17 cm', quantity: 2, price: 42.99, image: '', category: 'General Surgery',
        category_translations: { ur: 'جنرل سرجری', ar: 'الجراحة العامة' } },
      // The product is gone: no translations, so the English it was ordered under.
      { id: 2, productId: null, name: 'Kelly Hemostat', quantity: 1, price: 18, image: '', category: 'General Surgery', category_translations: {} },
    ],
    shippingAddress: { name: 'Amna Khan', address: 'Mayo Hospital', city: 'Lahore 54000', phone: '03001234567', email: 'amna@example.com' },
    trackingEvents: [{ id: 1, status: 'confirmed', description: 'Payment received', timestamp: '2026-03-10T09:31:00.000Z' }],
    canCancel: true,
    invoiceTerms: null,
    ...overrides,
  };
}

afterEach(() => act(() => setLocale('en')));

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

  it('shows a wallet payment in rupees with its rate, free shipping, and no discount or fee', () => {
    render(<OrderDetails order={order({
      currency: 'PKR', exchangeRate: '278.50', promoCode: null, amountCharged: '168788.00', total: 606.06, totalCharged: 168_788,
      paymentMethod: 'jazzcash',
      breakdown: { subtotal: '518.00', discount: '0.00', shipping: '0.00', tax: '88.06', fee: '0.00', total: '606.06' },
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

describe('OrderCard', () => {
  it('sums the order up line by line', () => {
    render(<OrderCard order={order()} onView={noop} onTrack={noop} onInvoice={noop} />);

    expect(rows(screen.getByLabelText('Payment summary'))).toEqual([
      ['Subtotal', '$103.98'], ['Discount (SURGERY15)', '-$15.60'], ['Shipping', '$75.00'], ['Tax', '$15.02'],
      ['Card processing fee', '$4.46'], ['Total (USD)', '$182.86'], ['Amount charged (USD)', '$182.86'],
    ]);
  });
});
