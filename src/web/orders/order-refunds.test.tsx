import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { OrderDetails } from './order-details.tsx';
import { order } from './order-fixtures.ts';

const noop = () => {};
const refunded = order({
  breakdown: { ...order().breakdown, refunded: '60.00' },
  refunds: [
    { id: 'r1', amount: '40.00', currency: 'USD', status: 'succeeded', reason: 'One pair arrived bent', created_at: '2026-03-12T10:00:00.000Z' },
    { id: 'r2', amount: '20.00', currency: 'USD', status: 'manual', reason: 'Late delivery', created_at: '2026-03-13T10:00:00.000Z' },
  ],
});

afterEach(() => act(() => setLocale('en')));

describe('the buyer’s order page: refunds', () => {
  it('lists each refund with its amount, status, reason and day, and what they gave back in all', () => {
    render(<OrderDetails order={refunded} onInvoice={noop} onCancel={noop} cancelling={false} />);
    const list = screen.getByRole('list', { name: 'Refunds' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('$40.00 · Refunded');
    expect(rows[0]).toHaveTextContent('One pair arrived bent');
    expect(rows[0]).toHaveTextContent('Mar 12, 2026');
    expect(rows[1]).toHaveTextContent('$20.00 · Refunded by transfer');
    expect(screen.getByText('Refunded (USD)').nextElementSibling).toHaveTextContent('$60.00');
  });

  it('shows no refunds section for an order without one', () => {
    render(<OrderDetails order={order()} onInvoice={noop} onCancel={noop} cancelling={false} />);
    expect(screen.queryByRole('list', { name: 'Refunds' })).not.toBeInTheDocument();
  });

  it('reads in Urdu', () => {
    act(() => setLocale('ur'));
    render(<OrderDetails order={refunded} onInvoice={noop} onCancel={noop} cancelling={false} />);
    expect(screen.getByRole('list', { name: 'رقم کی واپسیاں' })).toBeInTheDocument();
    expect(screen.getByText('واپس کی گئی رقم (امریکی ڈالر)')).toBeInTheDocument();
  });
});
