import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listStaffReturns } from '#contracts/returns';
import type { StaffRole } from '#contracts/staff-roles';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { staffPages, staffPagesFor } from '../staff/staff-pages.ts';
import { normalizeUser } from '../auth/normalize-user.ts';
import { StaffReturnsPage } from './staff-returns-page.tsx';
import { returnLine, staffReturn } from './staff-returns-fixtures.ts';

const LIST = '/api/staff/returns/?status=all';
let api: ReturnType<typeof mockApi>;

function signInAs(role: StaffRole) {
  localStorage.setItem('token', 'access');
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: role }));
}

beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const renderPage = () => renderApp([{ path: '/staff/returns', Component: StaffReturnsPage }], { initialEntries: ['/staff/returns'] });

describe('the staff returns list', () => {
  it('shows each return: order, buyer, date, lines with reason and use, photo, declaration and status', async () => {
    signInAs('fulfilment');
    api.on('GET', LIST, 200, { returns: [staffReturn()] });
    renderPage();
    const card = await screen.findByTestId('return-card');
    expect(within(card).getByRole('heading', { name: 'RMA-000041' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Order SS-7K2M9QXD · Mar 20, 2026');
    expect(card).toHaveTextContent('Amna Khan · amna@example.com');
    const lines = within(card).getAllByTestId('return-line');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Mayo Scissors · 17 cm × 3Damaged',
      'Needle Holder · 14 cm × 1Defective · Used · Exchange for 16 cm',
    ]);
    expect(within(card).getByRole('button', { name: 'Photo' })).toBeVisible();
    expect(card).toHaveTextContent('Decontamination declared');
    expect(within(card).getByText('Requested')).toBeInTheDocument();
    expect(within(card).queryByText('Recall')).not.toBeInTheDocument();
  });

  it('marks a recall’s return, and a return without photo or declaration says so', async () => {
    signInAs('fulfilment');
    api.on('GET', LIST, 200, { returns: [staffReturn({ recall_id: 5, photo_url: null, decontamination_declared: false, items: [returnLine({ reason: 'recall' })] })] });
    renderPage();
    const card = await screen.findByTestId('return-card');
    expect(within(card).getAllByText('Recall')).toHaveLength(2);
    expect(within(card).queryByRole('button', { name: 'Photo' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('No decontamination declared');
  });

  it('asks the server for the chosen status only', async () => {
    signInAs('support');
    api.on('GET', LIST, 200, { returns: [staffReturn()] });
    api.on('GET', '/api/staff/returns/?status=approved', 200, { returns: [] });
    renderPage();
    await screen.findByTestId('return-card');
    expect(screen.getByRole('combobox', { name: 'Status' }).querySelectorAll('option')).toHaveLength(6);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    expect(await screen.findByText('No returns here.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/staff/returns/?status=approved')).toHaveLength(1);
  });

  it('shows an approved return’s label, and a resolved one’s settlement, amounts, exchange order and credit notes', async () => {
    signInAs('support');
    api.on('GET', LIST, 200, { returns: [
      staffReturn({ rma: 'RMA-1', status: 'approved', label: { carrier: 'tcs', carrier_name: 'TCS', tracking_number: 'TCS-778812', pdf_url: '/api/orders/SS-1/returns/RMA-1/label.pdf' } }),
      staffReturn({
        rma: 'RMA-2', status: 'resolved', resolution: 'store_credit', exchange_order_number: 'SS-EXCH0001',
        credit_notes: [{ number: 'CN-000007', pdf_url: '/api/credit-notes/CN-000007.pdf' }],
        items: [returnLine({ received: [{ quantity: 2, disposition: 'restock', lot_number: 'L-22', udi: '(01)0889' }, { quantity: 1, disposition: 'scrap', lot_number: null, udi: null }] })],
      }),
      staffReturn({ rma: 'RMA-3', status: 'rejected', rejection_reason: 'Past the window.' }),
    ] });
    renderPage();
    const [approved, resolved, rejected] = await screen.findAllByTestId('return-card');
    expect(within(approved!).getByTestId('return-label')).toHaveTextContent('Return label with TCS, tracking number TCS-778812');
    expect(within(approved!).getByRole('button', { name: 'Return label' })).toBeInTheDocument();
    expect(within(resolved!).getByTestId('return-resolution')).toHaveTextContent('Settled: Store credit');
    expect(within(resolved!).getByTestId('return-amounts')).toHaveTextContent('Lines$146.97Fees kept back$14.70Given back$132.27');
    expect(resolved).toHaveTextContent('Exchange order SS-EXCH0001');
    expect(resolved).toHaveTextContent('2 received: Restock · Lot L-22 · UDI (01)0889');
    expect(resolved).toHaveTextContent('1 received: Scrap');
    expect(within(resolved!).getByRole('button', { name: 'Credit note CN-000007' })).toBeInTheDocument();
    expect(rejected).toHaveTextContent('Rejected: Past the window.');
  });

  it.each([
    ['support', []],
    ['fulfilment', ['Approve', 'Reject', 'Receive']],
    ['sales', ['Resolve']],
    ['owner', ['Approve', 'Reject', 'Receive', 'Resolve']],
  ] as const)('offers %s the steps its contracts allow', async (role, steps) => {
    signInAs(role);
    api.on('GET', LIST, 200, { returns: (['requested', 'approved', 'received', 'resolved'] as const).map((status, i) => staffReturn({ rma: `RMA-${i}`, status })) });
    renderPage();
    await screen.findAllByTestId('return-card');
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/me/')).toHaveLength(1));
    await waitFor(() => expect(screen.queryAllByRole('button').map((button) => button.textContent).filter((text) => /^(Approve|Reject|Receive|Resolve)$/.test(text ?? '')))
      .toEqual(steps));
  });

  it('sends a catalogue member home, and lists the page in the menu of the roles that read returns', async () => {
    expect(staffPages.find((page) => page.to === '/staff/returns')!.access).toEqual(listStaffReturns.staff);
    const roles = (['catalogue', 'fulfilment', 'sales', 'support', 'owner'] as const)
      .filter((role) => staffPagesFor(normalizeUser(wireUser({ is_staff: true, staff_role: role }))).some((page) => page.to === '/staff/returns'));
    expect(roles).toEqual(['fulfilment', 'sales', 'support', 'owner']);
    signInAs('catalogue');
    renderPage();
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('reads in Arabic', async () => {
    act(() => setLocale('ar'));
    signInAs('fulfilment');
    api.on('GET', LIST, 200, { returns: [staffReturn()] });
    renderPage();
    const card = await screen.findByTestId('return-card');
    expect(screen.getByRole('heading', { level: 1, name: 'المرتجعات' })).toBeInTheDocument();
    expect(within(card).getByText('مطلوب')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'قبول' })).toBeInTheDocument();
  });
});
