import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MANUAL_REFERENCE_REQUIRED } from '#contracts/refunds';
import { setLocale } from '../i18n/locale-store.ts';
import { ApiError } from '../lib/api.ts';
import { order } from '../orders/order-fixtures.ts';
import { StaffOrderRow } from './staff-order-row.tsx';

const paid = order({ refundable: '182.86' });
const openForm = () => userEvent.click(screen.getByRole('button', { name: 'Refund' }));
const amount = () => screen.getByRole('textbox', { name: /Amount \(USD\)/ });
const reason = () => screen.getByRole('textbox', { name: /Reason/ });
const submit = () => userEvent.click(within(screen.getByRole('form', { name: 'Refund for SS-7K2M9QXD' })).getByRole('button', { name: 'Refund' }));

afterEach(() => act(() => setLocale('en')));

describe('the staff refund form', () => {
  it('shows what is left to refund and sends the amount and reason with one Idempotency-Key per refund', async () => {
    const onRefund = vi.fn().mockResolvedValue({});
    render(<StaffOrderRow order={paid} busy={false} onRefund={onRefund} />, { wrapper: MemoryRouter });
    await openForm();
    expect(screen.getByText('Left to refund: $182.86')).toBeInTheDocument();
    await userEvent.type(amount(), '40.50');
    await userEvent.type(reason(), 'One pair arrived bent');
    await submit();
    await waitFor(() => expect(onRefund).toHaveBeenCalledOnce());
    const [id, body, key] = onRefund.mock.calls[0]!;
    expect([id, body]).toEqual([paid.id, { amount: '40.50', reason: 'One pair arrived bent' }]);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await openForm();
    await userEvent.type(amount(), '1');
    await userEvent.type(reason(), 'Again');
    await submit();
    await waitFor(() => expect(onRefund).toHaveBeenCalledTimes(2));
    expect(onRefund.mock.calls[1]![2]).not.toBe(key);
  });

  it('names bad fields before sending anything', async () => {
    const onRefund = vi.fn();
    render(<StaffOrderRow order={paid} busy={false} onRefund={onRefund} />, { wrapper: MemoryRouter });
    await openForm();
    await userEvent.type(amount(), '12.505');
    await submit();
    await waitFor(() => expect(amount()).toHaveAccessibleDescription('Enter an amount in US dollars, e.g. 12.50.'));
    expect(reason()).toHaveAccessibleDescription('Say why the money is given back.');
    expect(onRefund).not.toHaveBeenCalled();
  });

  it('asks for the transfer reference when the gateway cannot refund, and sends it with the same key', async () => {
    const onRefund = vi.fn()
      .mockRejectedValueOnce(new ApiError(400, MANUAL_REFERENCE_REQUIRED, { reference: [MANUAL_REFERENCE_REQUIRED] }, {
        fieldIssues: { reference: [{ key: 'transfer_reference_required' }] },
      }))
      .mockResolvedValueOnce({});
    render(<StaffOrderRow order={paid} busy={false} onRefund={onRefund} />, { wrapper: MemoryRouter });
    await openForm();
    expect(screen.queryByRole('textbox', { name: /Transfer reference/ })).not.toBeInTheDocument();
    await userEvent.type(amount(), '20');
    await userEvent.type(reason(), 'Wrong size');
    await submit();
    const reference = await screen.findByRole('textbox', { name: /Transfer reference/ });
    await waitFor(() => expect(reference).toHaveAccessibleDescription(expect.stringContaining(MANUAL_REFERENCE_REQUIRED)));
    await userEvent.type(reference, 'IBFT-99812');
    await submit();
    await waitFor(() => expect(onRefund).toHaveBeenCalledTimes(2));
    expect(onRefund.mock.calls[1]!.slice(1)).toEqual([{ amount: '20', reason: 'Wrong size', reference: 'IBFT-99812' }, onRefund.mock.calls[0]![2]]);
  });

  it('offers no refund when nothing is left, and none to a role that may not refund', () => {
    const { unmount } = render(<StaffOrderRow order={order({ refundable: '0.00' })} busy={false} onRefund={vi.fn()} />, { wrapper: MemoryRouter });
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    unmount();
    render(<StaffOrderRow order={paid} busy={false} />, { wrapper: MemoryRouter });
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('is in Urdu for an Urdu reader', async () => {
    act(() => setLocale('ur'));
    render(<StaffOrderRow order={paid} busy={false} onRefund={vi.fn()} />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole('button', { name: 'رقم واپس کریں' }));
    expect(screen.getByRole('form', { name: 'SS-7K2M9QXD کی رقم کی واپسی' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /رقم \(امریکی ڈالر\)/ })).toBeInTheDocument();
  });
});
