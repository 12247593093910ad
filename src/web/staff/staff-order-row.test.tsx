import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '#contracts/orders';
import { setLocale } from '../i18n/locale-store.ts';
import { ApiError } from '../lib/api.ts';
import { StaffOrderRow } from './staff-order-row.tsx';

const order = {
  id: '00000000-0000-4000-8000-000000000001', orderNumber: 'ORD-1001', status: 'processing', total: '18.00',
  createdAt: '2026-01-05T10:00:00.000Z', items: [], shippingAddress: { name: 'Dr. Ayesha Khan' }, trackingNumber: null, carrier: null,
  refunds: [], refundable: '18.00',
} as unknown as Order;

const carrier = () => screen.getByRole('textbox', { name: 'Carrier for ORD-1001' });
const tracking = () => screen.getByRole('textbox', { name: 'Tracking number for ORD-1001' });

/** Ships with both fields filled and hands back what the server answered, as the page does. */
async function shipAndFail(onAction: ReturnType<typeof vi.fn>, error: unknown) {
  await userEvent.type(carrier(), 'TCS');
  await userEvent.type(tracking(), 'T-1');
  await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
  await waitFor(() => expect(onAction).toHaveBeenCalledOnce());
  const fail = onAction.mock.calls[0]![1] as (error: unknown) => void;
  act(() => fail(error));
}

describe('StaffOrderRow: shipping', () => {
  it('names both empty fields and sends nothing', async () => {
    const onAction = vi.fn();
    render(<StaffOrderRow order={order} busy={false} onAction={onAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(carrier()).toHaveAccessibleDescription('Enter the carrier.'));
    expect(tracking()).toHaveAccessibleDescription('Enter the tracking number.');
    expect(onAction).not.toHaveBeenCalled();
  });

  it('checks a length as the server does and names it by its key', async () => {
    const onAction = vi.fn();
    render(<StaffOrderRow order={order} busy={false} onAction={onAction} />);
    await userEvent.type(carrier(), 'TCS');
    await userEvent.click(tracking());
    await userEvent.paste('T'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(tracking()).toHaveAccessibleDescription('Enter at most 100 characters.'));
    expect(carrier()).not.toHaveAttribute('aria-invalid');
    expect(onAction).not.toHaveBeenCalled();
  });

  it('sends the filled fields and puts the server’s per-field answer on its field', async () => {
    const onAction = vi.fn();
    render(<StaffOrderRow order={order} busy={false} onAction={onAction} />);
    await shipAndFail(onAction, new ApiError(400, 'Invalid input.', { trackingNumber: ['This tracking number is already in use.'] }));
    expect(onAction.mock.calls[0]![0]).toEqual({ kind: 'ship', id: order.id, body: { carrier: 'TCS', trackingNumber: 'T-1' } });
    expect(tracking()).toHaveAccessibleDescription('This tracking number is already in use.');
    expect(carrier()).not.toHaveAttribute('aria-invalid');
  });

  it('shows its own checks and the server’s keyed problems in Arabic', async () => {
    setLocale('ar');
    const onAction = vi.fn();
    render(<StaffOrderRow order={order} busy={false} onAction={onAction} />);
    const arCarrier = () => screen.getByRole('textbox', { name: 'شركة الشحن للطلب ORD-1001' });
    const arTracking = () => screen.getByRole('textbox', { name: 'رقم التتبع للطلب ORD-1001' });
    await userEvent.click(screen.getByRole('button', { name: 'شحن' }));
    await waitFor(() => expect(arCarrier()).toHaveAccessibleDescription('أدخل شركة الشحن.'));
    expect(arTracking()).toHaveAccessibleDescription('أدخل رقم التتبع.');

    await userEvent.type(arCarrier(), 'TCS');
    await userEvent.type(arTracking(), 'T-1');
    await userEvent.click(screen.getByRole('button', { name: 'شحن' }));
    await waitFor(() => expect(onAction).toHaveBeenCalledOnce());
    act(() => (onAction.mock.calls[0]![1] as (error: unknown) => void)(new ApiError(400, 'Validation failed',
      { carrier: ['Enter at most 100 characters.'] }, { fieldIssues: { carrier: [{ key: 'too_long', params: { max: 100 } }] } })));
    expect(arCarrier()).toHaveAccessibleDescription('أدخل 100 حرفًا على الأكثر.');
  });
});

describe("StaffOrderRow: support's read-only view", () => {
  it('shows the order without any step to take', () => {
    render(<StaffOrderRow order={order} busy={false} />);
    expect(screen.getByRole('heading', { name: 'ORD-1001' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
