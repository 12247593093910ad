import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReturnStatus } from '#contracts/returns';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { askedLater } from '../test/namespaces.ts';
import { order } from '../orders/order-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { StaffReturnsPage } from './staff-returns-page.tsx';
import { staffReturn } from './staff-returns-fixtures.ts';

const LIST = '/api/staff/returns/?status=all';
const step = (name: string) => `/api/staff/returns/RMA-000041/${name}/`;
const ILLEGAL = { detail: 'This return has moved on.', code: 'ILLEGAL_TRANSITION' };
const invalid = (field: string, message: string, key: string) =>
  ({ detail: 'Validation failed', errors: { [field]: [message] }, issues: { [field]: [{ key }] } });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: 'owner' }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function openStep(status: ReturnStatus, name: string, formName = `${name} RMA-000041`) {
  api.on('GET', LIST, 200, { returns: [staffReturn({ status })] });
  renderApp([{ path: '/staff/returns', Component: StaffReturnsPage }], { initialEntries: ['/staff/returns'] });
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.getByRole('form', { name: formName });
}
const answer = (status: ReturnStatus) => ({ return: staffReturn({ status }) });

describe('approving a requested return', () => {
  it('books a label with the chosen carrier, named as the shipping screens name it', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('POST', step('approve'), 200, answer('approved'));
    const form = await openStep('requested', 'Approve');
    const carrier = within(form).getByRole('combobox', { name: /Carrier/ });
    expect([...carrier.querySelectorAll('option')].map((option) => option.textContent))
      .toEqual(['Choose a carrier', 'TCS', 'Leopards', 'PostEx', 'DHL Express', 'Other']);
    await userEvent.selectOptions(carrier, 'DHL Express');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve return' }));

    await waitFor(() => expect(api.callsTo('POST', step('approve'))).toHaveLength(1));
    expect(api.callsTo('POST', step('approve'))[0]!.body).toEqual({ method: 'label', carrier: 'dhl_express' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Return updated', 'RMA-000041 is now Approved.'));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(2));
  });

  it('asks for the carrier names with the page, so that opening the form never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    const form = await openStep('requested', 'Approve');
    within(form).getByRole('option', { name: 'Leopards' });
    expect(askedLater(asked, 'staff-returns')).toEqual([]);
  });

  it('gives drop-off instructions instead', async () => {
    api.on('POST', step('approve'), 200, answer('approved'));
    const form = await openStep('requested', 'Approve');
    await userEvent.click(within(form).getByRole('radio', { name: 'Drop-off instructions' }));
    expect(within(form).queryByRole('combobox', { name: /Carrier/ })).not.toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Instructions/ }), 'Hand it in at our Lahore counter.');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve return' }));

    await waitFor(() => expect(api.callsTo('POST', step('approve'))).toHaveLength(1));
    expect(api.callsTo('POST', step('approve'))[0]!.body).toEqual({ method: 'drop_off', instructions: 'Hand it in at our Lahore counter.' });
  });

  it('asks for a carrier before sending anything', async () => {
    const form = await openStep('requested', 'Approve');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve return' }));
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /Carrier/ })).toHaveAccessibleDescription('Choose a carrier.'));
    expect(api.callsTo('POST', step('approve'))).toHaveLength(0);
  });

  it('tells why the carrier booked nothing, and why a return that moved on cannot be approved', async () => {
    const error = vi.spyOn(notify, 'error');
    api.on('POST', step('approve'), 502, { detail: 'Carrier down.', code: 'CARRIER_ERROR' }).on('POST', step('approve'), 409, ILLEGAL);
    const form = await openStep('requested', 'Approve');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Carrier/ }), 'TCS');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve return' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The return was not updated', expect.stringMatching(/^The carrier did not book the shipment/)));
    await userEvent.click(within(form).getByRole('button', { name: 'Approve return' }));
    await waitFor(() => expect(error).toHaveBeenLastCalledWith('The return was not updated', expect.stringMatching(/^This can no longer be done/)));
    expect(screen.getByRole('form', { name: 'Approve RMA-000041' })).toBeInTheDocument();
  });
});

describe('rejecting a requested return', () => {
  it('sends the reason, and shows the server’s problem with it under the field', async () => {
    api.on('POST', step('reject'), 400, invalid('reason', 'This field is required.', 'required')).on('POST', step('reject'), 200, answer('rejected'));
    const form = await openStep('requested', 'Reject');
    const reason = within(form).getByRole('textbox', { name: /Reason/ });
    await userEvent.type(reason, 'Used beyond inspection.');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(expect.stringContaining('This field is required.')));
    await userEvent.click(within(form).getByRole('button', { name: 'Reject return' }));

    await waitFor(() => expect(api.callsTo('POST', step('reject'))).toHaveLength(2));
    expect(api.callsTo('POST', step('reject'))[1]!.body).toEqual({ reason: 'Used beyond inspection.' });
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it('asks for a reason before sending anything', async () => {
    const form = await openStep('requested', 'Reject');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(expect.stringContaining('This field is required.')));
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

describe('receiving an approved return', () => {
  it('splits a line across dispositions, each part with its lot and UDI', async () => {
    api.on('POST', step('receive'), 200, answer('received'));
    const form = await openStep('approved', 'Receive');
    const [scissors, holder] = within(form).getAllByTestId('receive-line');
    await userEvent.click(within(scissors!).getByRole('button', { name: 'Add a disposition for Mayo Scissors · 17 cm' }));
    const first = within(scissors!).getByRole('group', { name: 'Mayo Scissors · 17 cm, part 1' });
    const second = within(scissors!).getByRole('group', { name: 'Mayo Scissors · 17 cm, part 2' });
    const units = (part: HTMLElement) => within(part).getByRole('textbox', { name: /Units/ });
    expect(units(first)).toHaveValue('3');
    await userEvent.clear(units(first));
    await userEvent.type(units(first), '2');
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: /Disposition/ }), 'Restock');
    await userEvent.type(within(first).getByRole('textbox', { name: 'Lot number' }), 'L-22');
    await userEvent.type(within(first).getByRole('textbox', { name: 'UDI' }), '(01)08890000000001');
    await userEvent.type(units(second), '1');
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: /Disposition/ }), 'Scrap');
    await userEvent.selectOptions(within(holder!).getByRole('combobox', { name: /Disposition/ }), 'Quarantine');
    await userEvent.click(within(form).getByRole('button', { name: 'Record receipt' }));

    await waitFor(() => expect(api.callsTo('POST', step('receive'))).toHaveLength(1));
    expect(api.callsTo('POST', step('receive'))[0]!.body).toEqual({ items: [
      { order_item_id: 11, quantity: 2, disposition: 'restock', lot_number: 'L-22', udi: '(01)08890000000001' },
      { order_item_id: 12, quantity: 1, disposition: 'quarantine' },
      { order_item_id: 11, quantity: 1, disposition: 'scrap' },
    ] });
  });

  it('names a part without disposition or units before sending, and a refused lot under its part', async () => {
    api.on('POST', step('receive'), 400, invalid('items.1.lot_number', 'Lot X-9 is recalled.', 'invalid'));
    const form = await openStep('approved', 'Receive');
    const [scissors, holder] = within(form).getAllByTestId('receive-line');
    await userEvent.clear(within(scissors!).getByRole('textbox', { name: /Units/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(within(scissors!).getByRole('textbox', { name: /Units/ })).toHaveAccessibleDescription('Enter a whole number.'));
    expect(within(holder!).getByRole('combobox', { name: /Disposition/ })).toHaveAccessibleDescription('Choose restock, quarantine or scrap.');
    expect(api.callsTo('POST', step('receive'))).toHaveLength(0);

    await userEvent.type(within(scissors!).getByRole('textbox', { name: /Units/ }), '3');
    await userEvent.selectOptions(within(scissors!).getByRole('combobox', { name: /Disposition/ }), 'Restock');
    await userEvent.selectOptions(within(holder!).getByRole('combobox', { name: /Disposition/ }), 'Restock');
    await userEvent.type(within(holder!).getByRole('textbox', { name: 'Lot number' }), 'X-9');
    await userEvent.click(within(form).getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(within(holder!).getByRole('textbox', { name: 'Lot number' })).toHaveAccessibleDescription('Lot X-9 is recalled.'));
  });
});

describe('resolving a received return', () => {
  const resolved = { return: staffReturn({ status: 'resolved', resolution: 'exchange' }), order: order() };
  const keyOf = (n: number) => {
    const posts = api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    return (posts[n]![1]!.headers as Record<string, string>)['Idempotency-Key'];
  };

  it('shows the amounts and the replacements the buyer asked for, and sends the choice with an Idempotency-Key', async () => {
    api.on('POST', step('resolve'), 200, resolved);
    const form = await openStep('received', 'Resolve');
    expect(within(form).getByTestId('return-amounts')).toHaveTextContent('Lines$146.97Fees kept back$14.70Given back$132.27');
    await userEvent.click(within(form).getByRole('radio', { name: 'Exchange' }));
    expect(within(form).getByRole('list', { name: 'Replacements' })).toHaveTextContent('Mayo Scissors · 17 cm × 3Needle Holder · 16 cm × 1 · asked for by the buyer');
    await userEvent.click(within(form).getByRole('button', { name: 'Resolve return' }));

    await waitFor(() => expect(api.callsTo('POST', step('resolve'))).toHaveLength(1));
    expect(api.callsTo('POST', step('resolve'))[0]!.body).toEqual({ resolution: 'exchange' });
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a choice before sending anything', async () => {
    const form = await openStep('received', 'Resolve');
    await userEvent.click(within(form).getByRole('button', { name: 'Resolve return' }));
    await waitFor(() => expect(within(form).getByRole('group', { name: 'Settle by' })).toHaveAccessibleDescription('Choose refund, store credit or exchange.'));
    expect(api.callsTo('POST', step('resolve'))).toHaveLength(0);
  });

  it('asks for the transfer reference when the gateway cannot refund, and sends it under the same key', async () => {
    api.on('POST', step('resolve'), 400, invalid('reference', 'This payment cannot be refunded through its gateway.', 'transfer_reference_required'))
      .on('POST', step('resolve'), 200, resolved);
    const form = await openStep('received', 'Resolve');
    expect(within(form).queryByRole('textbox', { name: /Transfer reference/ })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('radio', { name: 'Refund to the original payment' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Resolve return' }));
    const reference = await within(form).findByRole('textbox', { name: /Transfer reference/ });
    await waitFor(() => expect(reference).toHaveAccessibleDescription(expect.stringContaining('return the money yourself and enter the transfer reference')));
    await userEvent.type(reference, 'IBFT-99812');
    await userEvent.click(within(form).getByRole('button', { name: 'Resolve return' }));

    await waitFor(() => expect(api.callsTo('POST', step('resolve'))).toHaveLength(2));
    expect(api.callsTo('POST', step('resolve')).map((call) => call.body)).toEqual([{ resolution: 'refund' }, { resolution: 'refund', reference: 'IBFT-99812' }]);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('draws a new key for the next settlement, and tells of a 409 in Urdu', async () => {
    setLocale('ur');
    const error = vi.spyOn(notify, 'error');
    api.on('POST', step('resolve'), 409, ILLEGAL);
    const urduForm = await openStep('received', 'تصفیہ کریں', 'RMA-000041 کا تصفیہ کریں');
    await userEvent.click(within(urduForm).getByRole('radio', { name: 'اسٹور کریڈٹ' }));
    await userEvent.click(within(urduForm).getByRole('button', { name: 'واپسی کا تصفیہ کریں' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('واپسی اپ ڈیٹ نہیں ہوئی', expect.stringMatching(/^اب یہ نہیں ہو سکتا/)));
    await userEvent.click(within(urduForm).getByRole('button', { name: 'بند کریں' }));
    await userEvent.click(screen.getByRole('button', { name: 'تصفیہ کریں' }));
    await userEvent.click(within(screen.getByRole('form')).getByRole('radio', { name: 'اسٹور کریڈٹ' }));
    await userEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'واپسی کا تصفیہ کریں' }));
    await waitFor(() => expect(api.callsTo('POST', step('resolve'))).toHaveLength(2));
    expect(keyOf(1)).not.toBe(keyOf(0));
  });
});
