import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '#contracts/orders';
import { ApiError } from '../lib/api.ts';
import { StaffOrderRow } from './staff-order-row.tsx';

const order = {
  id: '00000000-0000-4000-8000-000000000001', orderNumber: 'ORD-1001', status: 'processing', total: '18.00',
  createdAt: '2026-01-05T10:00:00.000Z', items: [], shippingAddress: { name: 'Dr. Ayesha Khan' }, trackingNumber: null, carrier: null,
} as unknown as Order;

describe('StaffOrderRow: shipping', () => {
  it('names both empty fields and sends nothing', () => {
    const onAction = vi.fn();
    render(<StaffOrderRow order={order} busy={false} onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(onAction).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Carrier for ORD-1001' })).toHaveAccessibleDescription('Enter the carrier.');
    expect(screen.getByRole('textbox', { name: 'Tracking number for ORD-1001' })).toHaveAccessibleDescription('Enter the tracking number.');
  });

  it('sends filled fields and puts the server’s per-field answer on its field', () => {
    const onAction = vi.fn();
    render(<StaffOrderRow order={order} busy={false} onAction={onAction} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Carrier for ORD-1001' }), { target: { value: 'TCS' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tracking number for ORD-1001' }), { target: { value: 'T-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(onAction).toHaveBeenCalledWith({ kind: 'ship', id: order.id, body: { carrier: 'TCS', trackingNumber: 'T-1' } }, expect.any(Function));
    const fail = onAction.mock.calls[0][1] as (error: unknown) => void;
    act(() => fail(new ApiError(400, 'Invalid input.', { trackingNumber: ['Enter at most 100 characters.'] })));
    expect(screen.getByRole('textbox', { name: 'Tracking number for ORD-1001' })).toHaveAccessibleDescription('Enter at most 100 characters.');
    expect(screen.getByRole('textbox', { name: 'Carrier for ORD-1001' })).not.toHaveAttribute('aria-invalid');
  });
});
