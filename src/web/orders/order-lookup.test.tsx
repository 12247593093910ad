import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { order } from './order-fixtures.ts';
import { OrderLookup } from './order-lookup.tsx';

afterEach(() => {
  setLocale('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TRACK = '/api/orders/track/SS-7K2M9QXD';

describe('OrderLookup', () => {
  it('asks for an order number under the field without calling the server', async () => {
    const api = mockApi();
    render(<OrderLookup onFound={vi.fn()} />);

    await userEvent.type(screen.getByLabelText('Quick Order Lookup'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Track Order' }));

    expect(screen.getByLabelText('Quick Order Lookup')).toHaveAccessibleDescription('Please enter an order number');
    expect(screen.getByLabelText('Quick Order Lookup')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('asks for it in Arabic', async () => {
    mockApi();
    render(<OrderLookup onFound={vi.fn()} />);
    act(() => setLocale('ar'));

    await userEvent.click(screen.getByRole('button', { name: 'تتبع الطلب' }));

    expect(screen.getByLabelText('بحث سريع عن طلب')).toHaveAccessibleDescription('يرجى إدخال رقم الطلب');
  });

  it('looks the trimmed reference up on Enter and shows the order found', async () => {
    const api = mockApi().on('GET', TRACK, 200, { order: order({ status: 'shipped' }) });
    const success = vi.spyOn(notify, 'success');
    const onFound = vi.fn();
    render(<OrderLookup onFound={onFound} />);

    await userEvent.type(screen.getByLabelText('Quick Order Lookup'), ' SS-7K2M9QXD {Enter}');

    await waitFor(() => expect(onFound).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: 'SS-7K2M9QXD' })));
    expect(api.callsTo('GET', TRACK)).toHaveLength(1);
    expect(success).toHaveBeenCalledWith('Order found', 'Status: Shipped');
  });

  it('says when no such order is found', async () => {
    mockApi().on('GET', TRACK, 404, { detail: 'Order not found.' });
    const error = vi.spyOn(notify, 'error');
    render(<OrderLookup onFound={vi.fn()} />);

    await userEvent.type(screen.getByLabelText('Quick Order Lookup'), 'SS-7K2M9QXD{Enter}');

    await waitFor(() => expect(error).toHaveBeenCalledWith('Order not found', 'Please check your order number and try again.'));
  });

  it("puts a 400's problem on the field", async () => {
    mockApi().on('GET', TRACK, 400, {
      detail: 'Validation failed',
      errors: { reference: ['Enter at most 100 characters.'] },
      issues: { reference: [{ key: 'too_long', params: { max: 100 } }] },
    });
    const error = vi.spyOn(notify, 'error');
    render(<OrderLookup onFound={vi.fn()} />);

    await userEvent.type(screen.getByLabelText('Quick Order Lookup'), 'SS-7K2M9QXD{Enter}');

    await waitFor(() => expect(screen.getByLabelText('Quick Order Lookup')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Quick Order Lookup')).toHaveAccessibleDescription('Please enter an order number');
    expect(error).not.toHaveBeenCalled();
  });
});
