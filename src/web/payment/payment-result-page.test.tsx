import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResult } from '#contracts/payment';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { PaymentResultPage } from './payment-result-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const VERIFY = '/api/payment/verify/TXN-1';

function result(overrides: Partial<PaymentResult> = {}): PaymentResult {
  return {
    success: true,
    transactionId: 'TXN-1',
    orderId: 'ord-1',
    orderNumber: 'SS-ABC123',
    status: 'succeeded',
    amount: 50213.55,
    currency: 'PKR',
    fee: 1255.34,
    paymentMethod: 'credit_card',
    message: 'Payment successful. Your order has been placed.',
    orderDetails: {
      items: [{ name: 'Mayo Scissors, 17 cm', quantity: 2, price: 45 }],
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
    expect(screen.getByText('PKR 51,468.89')).toBeInTheDocument();
    expect(screen.getByText('Credit or debit card')).toBeInTheDocument();
    expect(screen.getByText('Saturday, March 14, 2026')).toBeInTheDocument();
    expect(screen.getByText('Mayo Scissors, 17 cm')).toBeInTheDocument();
    expect(screen.getByText('$90.00')).toBeInTheDocument();
    expect(screen.getByText('Mayo Hospital, Jail Road, Lahore 54000')).toBeInTheDocument();
    expect(screen.getByText("What's Next")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('shows a failure when the server says so, whatever the address claims', async () => {
    mockApi().on(
      'GET',
      VERIFY,
      200,
      result({ success: false, status: 'failed', message: 'Payment declined: insufficient funds in wallet.' }),
    );
    renderAt('/payment/result?transaction_id=TXN-1&status=success');

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Payment declined: insufficient funds in wallet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  it('falls back to "Payment failed" without a message', async () => {
    mockApi().on('GET', VERIFY, 200, result({ success: false, status: 'failed', message: '' }));
    renderAt('/payment/result?transaction_id=TXN-1&status=failed');

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Payment failed')).toBeInTheDocument();
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
