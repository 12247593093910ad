import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderEditView } from '#contracts/order-edits';
import type { RefundView } from '#contracts/refunds';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { order } from '../orders/order-fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { OrderEditPanel, type OrderEditPanelProps } from './order-edit-panel.tsx';

spyOnNotify();

const ORDER_ID = '4c1f6a0e-3b2d-4f7a-9d61-2a8e5b7c9d10';
const EDITS = `/api/staff/orders/${ORDER_ID}/edits/`;
const LINES = [
  { order_item_id: 41, name: 'Kelly Hemostat', variant_label: '14 cm · Curved', quantity: 3 },
  { order_item_id: 42, name: 'Mayo Scissors', variant_label: '', quantity: 2 },
];
const ADDRESS = {
  firstName: 'Ayesha', lastName: 'Khan', company: 'Mayo Hospital', address: '12 Hospital Road', city: 'Lahore',
  postalCode: '54000', country: 'PK', phone: '+92 300 1234567',
};

const edit = (overrides: Partial<OrderEditView> = {}): OrderEditView => ({
  id: 7, kind: 'quantity', order_item_id: 41, before: { line: { quantity: 3 } }, after: { line: { quantity: 1 } },
  total_before: '580.56', total_after: '340.71', refund_id: 'rf-1', store_credit_returned: '0.00',
  author_email: 'fulfilment@staff.example', created_at: '2026-11-30T05:00:00.000Z', ...overrides,
});
const refund = (overrides: Partial<RefundView> = {}): RefundView => ({
  id: 'rf-1', amount: '239.85', currency: 'USD', status: 'succeeded', reason: 'Order SS-7K2M9QXD changed before shipping',
  created_at: '2026-11-30T05:00:00.000Z', ...overrides,
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => act(() => setLocale('en')));

function renderPanel(props: Partial<OrderEditPanelProps> = {}) {
  const onEdited = vi.fn();
  renderRoute(() => <OrderEditPanel orderId={ORDER_ID} lines={LINES} address={ADDRESS} editable onEdited={onEdited} {...props} />,
    { path: '/staff/orders/:number', url: '/staff/orders/SS-7K2M9QXD' });
  return onEdited;
}
const keyOf = (call: number) => (api.fetchMock.mock.calls[call]![1]!.headers as Record<string, string>)['Idempotency-Key'];
const kelly = () => screen.getByText('Kelly Hemostat — 14 cm · Curved').closest('li')!;
const scissors = () => screen.getByText('Mayo Scissors').closest('li')!;

describe('the order edit panel', () => {
  it('lowers a quantity once confirmed, then shows the new total and the refund as the server answered', async () => {
    api.on('POST', EDITS, 201, { order: order(), edit: edit(), refund: refund() });
    const onEdited = renderPanel();
    expect(await screen.findByRole('heading', { name: 'Change the order' })).toBeInTheDocument();
    expect(within(kelly()).getByText(/3 ordered/)).toBeInTheDocument();
    await userEvent.click(within(kelly()).getByRole('button', { name: 'Reduce quantity' }));
    const quantity = screen.getByRole('spinbutton', { name: 'New quantity for Kelly Hemostat — 14 cm · Curved' });
    expect(quantity).toHaveValue(2);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Lower to this quantity' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('The total is now $340.71 (it was $580.56).');
    expect(status).toHaveTextContent('$239.85 is refunded to the original payment.');
    expect(status).toHaveTextContent('The buyer has been mailed.');
    expect(api.callsTo('POST', EDITS).map((call) => call.body)).toEqual([{ kind: 'quantity', order_item_id: 41, quantity: 1 }]);
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(onEdited).toHaveBeenCalledWith(expect.objectContaining({ edit: expect.objectContaining({ total_after: '340.71' }) }));
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('asks before removing a line, sends a fresh key for each edit, and tells of store credit given back', async () => {
    api.on('POST', EDITS, 201, {
      order: order(), edit: edit({ kind: 'remove_line', order_item_id: 42, total_after: '436.65', refund_id: null, store_credit_returned: '143.91' }), refund: null,
    });
    renderPanel();
    await userEvent.click(await within(scissors()).findByRole('button', { name: 'Remove line' }));
    expect(screen.getByText('Remove Mayo Scissors (2) from the order?')).toBeInTheDocument();
    expect(api.callsTo('POST', EDITS)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('$143.91 goes back to the buyer\'s store credit.');
    expect(status).not.toHaveTextContent('original payment');
    await userEvent.click(within(kelly()).getByRole('button', { name: 'Remove line' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    await waitFor(() => expect(api.callsTo('POST', EDITS)).toHaveLength(2));
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('shows the server\'s refusal of a quantity on its field and keeps the same key for the retry', async () => {
    api.on('POST', EDITS, 400, {
      detail: 'Enter fewer units than the 3 ordered.', errors: { quantity: ['Enter fewer units than the 3 ordered.'] },
      field_issues: { quantity: [{ key: 'quantity_not_lower', params: { max: 3 } }] },
    });
    renderPanel();
    await userEvent.click(await within(kelly()).findByRole('button', { name: 'Reduce quantity' }));
    const quantity = screen.getByRole('spinbutton');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Lower to this quantity' }));
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('Enter fewer units than the 3 ordered.'));
    expect(notify.error).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Lower to this quantity' }));
    await waitFor(() => expect(api.callsTo('POST', EDITS)).toHaveLength(2));
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('tells a refusal for the whole order in a toast', async () => {
    api.on('POST', EDITS, 409, { detail: 'A shipped order cannot be changed.', code: 'ORDER_NOT_EDITABLE' });
    renderPanel();
    await userEvent.click(await within(scissors()).findByRole('button', { name: 'Remove line' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The order was not changed',
      'This order can no longer be changed: it has shipped, is cancelled or is not confirmed yet.'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('edits the address from the current one and puts the server\'s field problems on their fields', async () => {
    api.on('POST', EDITS, 400, {
      detail: 'Validation failed', errors: { 'address.city': ['This shipping option is not available for this address.'] },
      field_issues: { 'address.city': [{ key: 'shipping_option_unavailable' }] },
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit address' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    const street = within(form).getByRole('textbox', { name: /Address/ });
    expect(street).toHaveValue('12 Hospital Road');
    await userEvent.clear(street);
    await userEvent.type(street, '5 Jail Road');
    const city = within(form).getByRole('textbox', { name: /City/ });
    await userEvent.clear(city);
    await userEvent.type(city, 'Gilgit');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(city).toHaveAccessibleDescription('This shipping option is not available for this address.'));
    expect(api.callsTo('POST', EDITS)[0]!.body).toEqual({ kind: 'address', address: { ...ADDRESS, address: '5 Jail Road', city: 'Gilgit' } });
  });

  it('offers no change on an order that no longer takes one, and no removal of the only line', async () => {
    renderPanel({ editable: false });
    expect(await screen.findByText(/can no longer be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers no removal of the only line, and no lowering of a single unit', async () => {
    renderPanel({ lines: [{ ...LINES[0]!, quantity: 1 }] });
    expect(await screen.findByText('The order\'s only line cannot be removed: cancel the order instead.')).toBeInTheDocument();
    expect(within(kelly()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is in Arabic for an Arabic reader', async () => {
    act(() => setLocale('ar'));
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'تعديل الطلب' })).toBeInTheDocument();
    expect(within(kelly()).getByRole('button', { name: 'تقليل الكمية' })).toBeInTheDocument();
  });
});
