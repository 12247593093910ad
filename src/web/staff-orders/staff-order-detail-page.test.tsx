import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffOrderDetail } from '#contracts/staff-order-detail';
import type { StaffRole } from '#contracts/staff-roles';
import { order } from '../orders/order-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { StaffOrderDetailPage } from './staff-order-detail-page.tsx';

const DETAIL = '/api/staff/orders/SS-7K2M9QXD/';
let api: ReturnType<typeof mockApi>;

const shipTo = {
  name: 'Amna Khan', first_name: 'Amna', last_name: 'Khan', company: '', address: 'Mayo Hospital', city: 'Lahore', postal_code: '54000', country: 'PK', phone: '03001234567', email: 'amna@example.com',
};
const hidden = { name: null, first_name: null, last_name: null, company: null, address: null, city: null, postal_code: null, country: 'PK', phone: null, email: null };
const none = { ship: false, refund: false, cancel: false, print_slip: false, add_note: false, edit: false };

function detail(overrides: Partial<StaffOrderDetail> = {}): StaffOrderDetail {
  const { items, shippingAddress: _shipTo, purchaseOrder: _po, ...rest } = order();
  return {
    order: rest,
    lines: items.map((item, index) => ({
      ...item, model_number: `MS-17${index}`, shipped_quantity: 0,
      lots: index === 0 ? [{
        lot_number: 'L2611A', expiry_date: '2029-10-31', quantity: 2, serials: ['SN-1001', 'SN-1002'],
        udis: ['(01)08901234567893(17)291031(10)L2611A(21)SN-1001', '(01)08901234567893(17)291031(10)L2611A(21)SN-1002'],
      }] : [],
    })),
    buyer: { name: 'Amna Khan', email: 'amna@example.com', phone: '03001234567' },
    organisation: null,
    ship_to: shipTo,
    bill_to: { ...shipTo, source: 'ship_to' },
    payments: [],
    returns: [],
    notes: [{ id: 1, text: 'Call before delivery.', author_email: 'support@staff.example', created_at: '2026-03-10T10:00:00.000Z' }],
    actions: { ...none, ship: true, cancel: true, add_note: true },
    ...overrides,
  };
}

function signInAs(role: StaffRole) {
  localStorage.setItem('token', 'access');
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: role }));
}

const renderPage = () => renderApp([{ path: '/staff/orders/:orderNumber', Component: StaffOrderDetailPage }], { initialEntries: ['/staff/orders/SS-7K2M9QXD'] });

beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the staff order page', () => {
  it('gives a packer the pick list with lots and UDIs, where it goes, and the ship form', async () => {
    signInAs('fulfilment');
    api.on('GET', DETAIL, 200, detail());
    renderPage();
    const pick = await screen.findByRole('list', { name: 'What to pick' });
    expect(pick).toHaveTextContent('Mayo Scissors, 17 cm');
    expect(pick).toHaveTextContent(/Catalogue no\. \u2068MS-170\u2069/);
    expect(pick).toHaveTextContent(/Lot \u2068L2611A\u2069× 2Expires Oct 31, 2029/);
    expect(pick).toHaveTextContent('(01)08901234567893(17)291031(10)L2611A(21)SN-1002');
    expect(pick).toHaveTextContent('No lot recorded');
    const where = screen.getByRole('region', { name: 'Ship to' });
    expect(within(where).getByRole('link', { name: '03001234567' })).toHaveAttribute('href', 'tel:03001234567');
    expect(screen.getByRole('form', { name: 'Ship lines of SS-7K2M9QXD' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('shows the bill-to of the purchase order an order came from', async () => {
    signInAs('fulfilment');
    api.on('GET', DETAIL, 200, detail({
      organisation: { name: 'Mayo Hospital', department: null, cost_centre: '', po_number: 'PO-2026-0001' },
      bill_to: { ...shipTo, name: 'Imran Qureshi', company: 'Mayo Hospital Accounts Payable', address: '1 Finance Wing', source: 'purchase_order' },
    }));
    renderPage();
    const billTo = await screen.findByRole('region', { name: 'Bill to' });
    expect(billTo).toHaveTextContent('Mayo Hospital Accounts Payable');
    expect(billTo).toHaveTextContent('1 Finance Wing');
    expect(billTo).toHaveTextContent('As on the purchase order received');
  });

  it('offers the edits while the order may change, starting from its ship-to', async () => {
    signInAs('fulfilment');
    api.on('GET', DETAIL, 200, detail({ actions: { ...none, ship: true, edit: true } }));
    renderPage();
    const edits = await screen.findByRole('region', { name: 'Change the order' });
    await userEvent.click(within(edits).getByRole('button', { name: 'Edit address' }));
    expect(within(edits).getByRole('textbox', { name: /^First name/ })).toHaveValue('Amna');
    expect(within(edits).getByRole('textbox', { name: /^City/ })).toHaveValue('Lahore');
    // Two units of the scissors may become one; the single unit of the other line may only go.
    expect(within(edits).getAllByRole('button', { name: /Reduce quantity/ })).toHaveLength(1);
    expect(within(edits).getAllByRole('button', { name: /Remove line/ })).toHaveLength(2);
  });

  it('offers no edits once the order may no longer change', async () => {
    signInAs('fulfilment');
    api.on('GET', DETAIL, 200, detail({ actions: { ...none, print_slip: true } }));
    renderPage();
    await screen.findByRole('list', { name: 'What to pick' });
    expect(screen.queryByRole('region', { name: 'Change the order' })).not.toBeInTheDocument();
  });

  it('shows a catalogue member the order without the buyer\'s details, and nothing to do', async () => {
    signInAs('catalogue');
    api.on('GET', DETAIL, 200, detail({
      buyer: { name: null, email: null, phone: null }, ship_to: hidden, bill_to: { ...hidden, source: 'ship_to' }, notes: [], actions: none,
    }));
    renderPage();
    expect(await screen.findByText('Nothing for your role to do on this order now.')).toBeInTheDocument();
    expect(screen.getAllByText('Personal details are shown to staff who handle orders.')).toHaveLength(2);
    expect(screen.queryByText('amna@example.com')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /Ship lines/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Note/ })).not.toBeInTheDocument();
  });

  it('adds a note, and names an empty one without sending it', async () => {
    signInAs('support');
    api.on('GET', DETAIL, 200, detail({ actions: { ...none, add_note: true } }));
    const note = { id: 2, text: 'Buyer asked for a call.', author_email: 'support@staff.example', created_at: '2026-03-10T11:00:00.000Z' };
    const path = `/api/staff/orders/${order().id}/notes/`;
    api.on('POST', path, 201, { note, notes: [note] });
    renderPage();
    const save = await screen.findByRole('button', { name: 'Save note' });
    await userEvent.click(save);
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', path)).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Buyer asked for a call.');
    await userEvent.click(save);
    await waitFor(() => expect(api.callsTo('POST', path).map((call) => call.body)).toEqual([{ text: 'Buyer asked for a call.' }]));
  });
});
