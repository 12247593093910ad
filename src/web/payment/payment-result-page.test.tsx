import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResult } from '#contracts/payment';
import { i18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderRoute } from '../test/render-route.tsx';
import { PaymentResultPage } from './payment-result-page.tsx';

afterEach(() => {
  setLocale('en');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The label and value of each line of a breakdown. */
const rows = (list: HTMLElement) =>
  within(list).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

const VERIFY = '/api/payment/verify/TXN-1';

/**
 * 2 × 45.00 = 90.00; WELCOME10 −9.00; shipping 75.00; tax 17% of 81.00 = 13.77: 169.77 = PKR 47,281 at 278.50; the
 * card fee 2.5% is 4.24 in dollars and PKR 1,182.03 on the charge: PKR 48,463.03 charged.
 */
function result(overrides: Partial<PaymentResult> = {}): PaymentResult {
  return {
    success: true,
    transactionId: 'TXN-1',
    orderId: 'ord-1',
    orderNumber: 'SS-ABC123',
    status: 'succeeded',
    amount: 47281,
    currency: 'PKR',
    fee: 1182.03,
    breakdown: { subtotal: '90.00', discount: '9.00', shipping: '75.00', tax: '13.77', fee: '4.24', total: '174.01' },
    amountCharged: '48463.03',
    exchangeRate: '278.50',
    promoCode: 'WELCOME10',
    paymentMethod: 'credit_card',
    message: 'Payment successful. Your order has been placed.',
    approveOnPhone: false,
    invoiceTerms: null,
    orderDetails: {
      items: [{ name: 'Mayo Scissors, 17 cm', quantity: 2, price: 45, saleQuantity: 0, salePrice: null, lineTotal: 90 }],
      shippingAddress: { name: 'Amna Khan', address: 'Mayo Hospital, Jail Road, Lahore 54000' },
      estimatedDelivery: '2026-03-14',
    },
    ...overrides,
  };
}

function renderAt(url: string) {
  localStorage.setItem('token', 'access');
  return renderRoute(PaymentResultPage, { path: '/payment/result', url });
}

describe('PaymentResultPage', () => {
  it.each(['/payment/result', '/payment/result?transaction_id=TXN-1', '/payment/result?status=success'])(
    'refuses %s without asking the server',
    (url) => {
      const api = mockApi();
      renderAt(url);

      expect(screen.getByRole('heading', { name: 'Invalid payment result parameters' })).toBeInTheDocument();
      expect(api.calls).toHaveLength(0);
    },
  );

  it('verifies first', () => {
    mockApi().onDeferred('GET', VERIFY, () => new Promise(() => {}));
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(screen.getByRole('heading', { name: /Verifying your payment/ })).toBeInTheDocument();
  });

  it('shows every detail of a payment the server verified', async () => {
    const api = mockApi().on('GET', VERIFY, 200, result());
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(api.calls[0]!.authorization).toBe('Bearer access');
    expect(screen.getByText('TXN-1')).toBeInTheDocument();
    expect(screen.getByText('SS-ABC123')).toBeInTheDocument();
    expect(screen.getByText('Credit or debit card')).toBeInTheDocument();
    expect(screen.getByText('Saturday, March 14, 2026')).toBeInTheDocument();
    expect(screen.getByText('Mayo Scissors, 17 cm')).toBeInTheDocument();
    expect(screen.getByText('2 × $45.00 each')).toBeInTheDocument();
    expect(screen.getByText('Mayo Hospital, Jail Road, Lahore 54000')).toBeInTheDocument();
    expect(screen.getByText("What's Next")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('asks for the texts of a verified payment with the page, so that the verification arriving never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    mockApi().on('GET', VERIFY, 200, result());
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    await screen.findByLabelText('Payment summary');
    expect(askedLater(asked, 'payment')).toEqual([]);
  });

  it('shows every line of the money, the amount charged in rupees and its rate, and says the success once', async () => {
    mockApi().on('GET', VERIFY, 200, result());
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(rows(await screen.findByLabelText('Payment summary'))).toEqual([
      ['Subtotal', '$90.00'], ['Discount (WELCOME10)', '-$9.00'], ['Shipping', '$75.00'], ['Tax', '$13.77'],
      ['Card processing fee', '$4.24'], ['Total (USD)', '$174.01'], ['Amount charged (PKR)', 'PKR 48,463.03'],
    ]);
    expect(screen.getByText('At 278.50 PKR per USD')).toBeInTheDocument();
    expect(screen.getAllByText(/payment success/i)).toHaveLength(1);
    expect(screen.queryByText(/has been placed/)).not.toBeInTheDocument();
  });

  it('leaves out a discount and a fee that were not there, and says Free for free shipping', async () => {
    mockApi().on('GET', VERIFY, 200, result({
      currency: 'USD', amount: 606.06, fee: 0, exchangeRate: null, promoCode: null, amountCharged: '606.06',
      breakdown: { subtotal: '518.00', discount: '0.00', shipping: '0.00', tax: '88.06', fee: '0.00', total: '606.06' },
    }));
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(rows(await screen.findByLabelText('Payment summary'))).toEqual([
      ['Subtotal', '$518.00'], ['Shipping', 'Free'], ['Tax', '$88.06'], ['Total (USD)', '$606.06'], ['Amount charged (USD)', '$606.06'],
    ]);
    expect(screen.queryByText(/per USD/)).not.toBeInTheDocument();
  });

  it('lands an order placed on payment terms on its confirmation, with its order number, due date and invoice', async () => {
    const api = mockApi().on('GET', VERIFY, 200, result({
      status: 'pending', paymentMethod: 'invoice', currency: 'USD', fee: 0, exchangeRate: null, amountCharged: '169.77',
      message: 'Your order has been placed on payment terms. Pay the invoice by its due date.',
      invoiceTerms: { terms: 'net30', dueDate: '2026-04-13', paidAt: null },
    }));
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(await screen.findByRole('heading', { name: 'Order Placed on Payment Terms' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Verifying/ })).not.toBeInTheDocument();
    expect(screen.getByText('SS-ABC123')).toBeInTheDocument();
    expect(screen.getByText('Pay by invoice · Net 30')).toBeInTheDocument();
    expect(screen.getByText('Apr 13, 2026')).toHaveAttribute('datetime', '2026-04-13');
    expect(screen.getByRole('button', { name: 'Download Invoice' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(api.callsTo('GET', VERIFY)).toHaveLength(1);
  });

  it('lands an order paid in cash on delivery on its confirmation, with what to pay the courier', async () => {
    mockApi().on('GET', VERIFY, 200, result({
      status: 'pending', paymentMethod: 'cash_on_delivery', currency: 'PKR', fee: 418, amountCharged: '50631.55',
      message: 'Your order is confirmed. Pay PKR 50,631.55 in cash on delivery.',
    }));
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(await screen.findByRole('heading', { name: 'Order Confirmed: Pay on Delivery' })).toBeInTheDocument();
    expect(screen.getByText('Nothing has been charged. Pay PKR 50,631.55 in cash to the courier when your parcel arrives.')).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  /** A wallet payment pending on the buyer's phone, unless another status is given. */
  const waiting = (overrides: Partial<PaymentResult>) =>
    result({ success: false, status: 'pending', message: 'Awaiting approval on the phone.', approveOnPhone: overrides.status === undefined, ...overrides });

  it.each([
    ['jazzcash', 'pending', true, 'Approve the payment in your JazzCash app'],
    ['easypaisa', 'pending', true, 'Approve the payment in your Easypaisa app'],
    ['jazzcash', 'pending', false, 'We are confirming your payment with JazzCash'],
    ['hbl_pay', 'pending', false, 'We are confirming your payment with HBL Pay'],
    ['credit_card', 'pending', false, 'We are confirming your card payment'],
    ['hbl_pay', 'requires_action', false, 'Waiting for HBL Pay to confirm your payment'],
    ['jazzcash', 'requires_action', false, 'Waiting for JazzCash to confirm your payment'],
    ['credit_card', 'requires_action', false, 'Waiting for your card payment to be confirmed'],
  ] as const)('waits for %s (%s, on the phone: %s) with the order number, saying the page updates by itself', async (paymentMethod, status, approveOnPhone, title) => {
    mockApi().on('GET', VERIFY, 200, waiting({ paymentMethod, status, approveOnPhone }));
    renderAt(`/payment/result?transaction_id=TXN-1&status=${status}`);

    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This page updates by itself as soon as the payment is confirmed.');
    expect(screen.getByText('SS-ABC123')).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument();
  });

  it('says in Urdu that the shop is confirming a payment whose gateway did not answer in time, and asks again until it is confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi()
      .on('GET', VERIFY, 200, waiting({ paymentMethod: 'jazzcash', status: 'pending', approveOnPhone: false }))
      .on('GET', VERIFY, 200, result({ paymentMethod: 'jazzcash' }));
    renderAt('/payment/result?transaction_id=TXN-1&status=pending');
    act(() => setLocale('ur'));

    expect(await screen.findByRole('heading', { name: 'ہم JazzCash کے ساتھ آپ کی ادائیگی کی تصدیق کر رہے ہیں' })).toBeInTheDocument();
    expect(screen.queryByText(/ایپ میں ادائیگی کی منظوری دیں/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(api.callsTo('GET', VERIFY)).toHaveLength(2);
    expect(await screen.findByText('SS-ABC123')).toBeInTheDocument();
    expect(screen.queryByText('ہم JazzCash کے ساتھ آپ کی ادائیگی کی تصدیق کر رہے ہیں')).not.toBeInTheDocument();
  });

  it('waits in Arabic', async () => {
    mockApi().on('GET', VERIFY, 200, waiting({ paymentMethod: 'jazzcash' }));
    renderAt('/payment/result?transaction_id=TXN-1&status=pending');
    act(() => setLocale('ar'));

    expect(await screen.findByRole('heading', { name: 'وافق على الدفع في تطبيق JazzCash' })).toBeInTheDocument();
  });

  it('asks again every few seconds while the payment waits, and turns into the success once the gateway confirms it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi()
      .on('GET', VERIFY, 200, waiting({ paymentMethod: 'easypaisa' }))
      .on('GET', VERIFY, 200, waiting({ paymentMethod: 'easypaisa' }))
      .on('GET', VERIFY, 200, result({ paymentMethod: 'easypaisa' }));
    const { queryClient } = renderAt('/payment/result?transaction_id=TXN-1&status=pending');
    queryClient.setQueryData(['cart', 'u-1'], { items: [{ id: 1 }] });

    expect(await screen.findByRole('heading', { name: 'Approve the payment in your Easypaisa app' })).toBeInTheDocument();
    expect(queryClient.getQueryState(['cart', 'u-1'])?.isInvalidated).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(api.callsTo('GET', VERIFY)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Approve the payment in your Easypaisa app' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('SS-ABC123')).toBeInTheDocument();
    // The cart the payment emptied is read again, so its badge no longer counts what was bought.
    await vi.waitFor(() => expect(queryClient.getQueryState(['cart', 'u-1'])?.isInvalidated).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.callsTo('GET', VERIFY)).toHaveLength(3);
  });

  it('turns into the failure when the gateway gives up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi()
      .on('GET', VERIFY, 200, waiting({ paymentMethod: 'hbl_pay', status: 'requires_action' }))
      .on('GET', VERIFY, 200, waiting({ paymentMethod: 'hbl_pay', status: 'failed' }));
    renderAt('/payment/result?transaction_id=TXN-1&status=requires_action');

    expect(await screen.findByRole('heading', { name: 'Waiting for HBL Pay to confirm your payment' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
  });

  it('asks once for a payment already settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi().on('GET', VERIFY, 200, result());
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.callsTo('GET', VERIFY)).toHaveLength(1);
  });

  it("shows a failure when the server says so, whatever the address claims, in the buyer's language", async () => {
    mockApi().on(
      'GET',
      VERIFY,
      200,
      result({ success: false, status: 'failed', message: 'Payment declined: insufficient funds in wallet.' }),
    );
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText(/^The payment did not go through and nothing was charged\./)).toBeInTheDocument();
    expect(screen.queryByText('Payment declined: insufficient funds in wallet.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  it('says so when the payment is not on this account', async () => {
    mockApi().on('GET', VERIFY, 404, { detail: 'Payment not found.' });
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(await screen.findByRole('heading', { name: 'Payment Result Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('offers a retry when verification itself fails, never a success', async () => {
    mockApi().on('GET', VERIFY, 500, { detail: 'Something went wrong.' });
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(await screen.findByText('Unable to verify payment status', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try Again/ })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });
});
