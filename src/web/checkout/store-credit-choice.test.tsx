import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Cart } from '#contracts/cart';
import { mockApi } from '../test/mock-api.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { PaymentWidget, type PaymentAttempt } from './payment-widget.tsx';
import { cartFixture } from '../test/cart-fixtures.ts';

const total = { grand_total: '180.30', grand_total_pkr: '50213.55' };
const partly = { available: '50.00', applied: '50.00', rest: '130.30', rest_pkr: '36288.55' };
const wholly = { available: '500.00', applied: '180.30', rest: '0.00', rest_pkr: '0.00' };

/** The widget and the summary beside it, as checkout holds the choice for both. */
function Checkout({ cart, onPay }: { cart: Cart; onPay: () => Promise<PaymentAttempt> }) {
  const [useCredit, setUseCredit] = useState(false);
  return (
    <>
      <PaymentWidget cart={cart} onPay={onPay} useCredit={useCredit} onUseCreditChange={setUseCredit} />
      <CheckoutSummary cart={cart} useCredit={useCredit} />
    </>
  );
}

function renderCheckout(storeCredit: Cart['store_credit']) {
  mockApi();
  const onPay = vi.fn(async (): Promise<PaymentAttempt> => 'paid');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Checkout cart={cartFixture({ ...total, store_credit: storeCredit })} onPay={onPay} />
    </QueryClientProvider>,
  );
  return onPay;
}

describe('Store credit at checkout', () => {
  it('offers no store credit to a payer without any', () => {
    renderCheckout(null);
    expect(screen.queryByRole('checkbox', { name: /store credit/ })).not.toBeInTheDocument();
  });

  it("pays part with credit: the summary and the card's charge take the rest from the cart's answer", async () => {
    const onPay = renderCheckout(partly);
    expect(screen.queryByText('Left to pay')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use store credit ($50.00 available)' }));
    expect(screen.getByText('$130.30 is left to pay with the method you choose.')).toBeInTheDocument();
    expect(screen.getByText('Left to pay').nextSibling).toHaveTextContent('$130.30');
    expect(screen.getByText('−$50.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await userEvent.type(screen.getByLabelText(/^Card number/), '4242424242424242');
    await userEvent.type(screen.getByLabelText(/^Expiry/), '1299');
    await userEvent.type(screen.getByLabelText(/^CVV/), '123');
    await userEvent.type(screen.getByLabelText(/^Name on card/), 'Amna Khan');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    // PKR 36,288.55 left, and the 2.5% fee on it alone: 907.21.
    expect(await screen.findByText('−PKR 13,925.00')).toBeInTheDocument();
    expect(screen.getByText('PKR 907.21')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Pay PKR 37,195.76/ }));
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({
      paymentMethod: 'credit_card', currency: 'PKR', amount: 50213.55, use_store_credit: true,
    }));
  });

  it('places an order the credit pays in full without asking for a method or its details', async () => {
    const onPay = renderCheckout(wholly);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use store credit ($500.00 available)' }));
    expect(screen.getByText('Your store credit pays the whole order: nothing is charged.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText('Left to pay').nextSibling).toHaveTextContent('$0.00');
    await userEvent.click(screen.getByRole('button', { name: 'Place order with store credit' }));
    expect(onPay).toHaveBeenCalledWith({ paymentMethod: 'jazzcash', currency: 'PKR', amount: 50213.55, use_store_credit: true });
  });
});
