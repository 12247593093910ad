import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrganisationRole } from '#contracts/organisation-members';
import type { OrderRequest } from '#contracts/organisation-purchasing';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { OrganisationPage } from '../organisation-members/organisation-page.tsx';
import { membersAnswer, organisationMember } from '../organisation-members/member-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

const MEMBERS = '/api/organisation/members/';
const APPROVALS = '/api/organisation/approvals/';
const WAITING = `${APPROVALS}?status=pending`;

const members = (your_role: OrganisationRole) =>
  membersAnswer(your_role, [organisationMember({ email: 'amna@example.com', role: your_role, is_you: true })]);

const request = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
  id: 7,
  status: 'pending',
  requested_by: { id: 'u-2', name: 'Usman Tariq', email: 'usman@mayo.example' },
  department: { id: 3, name: 'Cardiac Theatre', cost_centre: 'CC-410' },
  po_number: 'PO-2026-118',
  amount: '2450.00',
  amount_pkr: '682325.00',
  lines: [
    { name: 'Mayo Scissors', variant_label: '17 cm', model_number: 'SS-1021', quantity: 10, unit_price: '45.00', sale_quantity: 0, sale_price: null },
    { name: 'Needle Holder', variant_label: '', model_number: '', quantity: 50, unit_price: '40.00', sale_quantity: 0, sale_price: null },
  ],
  exceeded: [
    { scope: 'organisation', period: 'order', limit: '500.00', spent: '0.00' },
    { scope: 'member', period: 'month', limit: '2000.00', spent: '1500.00' },
  ],
  reason: null,
  decided_by: null,
  decided_at: null,
  order_number: null,
  created_at: '2026-05-04T09:00:00.000Z',
  payment_method: 'invoice',
  can_decide: true,
  can_pay: false,
  ...overrides,
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  api.on('GET', '/api/auth/me/', 200, wireUser({ account_type: 'business' }));
});

function renderApprovals(role: OrganisationRole, requests: OrderRequest[]) {
  api.on('GET', MEMBERS, 200, members(role));
  api.on('GET', WAITING, 200, { your_role: role, requests });
  return renderRoute(OrganisationPage, { path: '/profile/organisation', url: '/profile/organisation?tab=approvals' });
}
const card = async () => (await screen.findAllByTestId('approval-request'))[0]!;

describe('the Approvals tab', () => {
  it('opens from ?tab=approvals and shows a waiting request in full', async () => {
    renderApprovals('approver', [request()]);
    expect(await screen.findByRole('tab', { name: 'Approvals' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'false');
    const mine = await card();
    expect(within(mine).getByRole('heading', { name: 'Request from Usman Tariq' })).toBeInTheDocument();
    expect(mine).toHaveTextContent('Cardiac Theatre · Cost centre CC-410');
    expect(mine).toHaveTextContent('PO-2026-118');
    expect(mine).toHaveTextContent('$2,450.00');
    expect(mine).toHaveTextContent('10 × Mayo Scissors — 17 cm');
    expect(mine).toHaveTextContent('$45.00 each');
    expect(within(mine).getByText("Above the organisation's limit of $500.00 per order")).toBeInTheDocument();
    expect(within(mine).getByText("Above Usman Tariq's monthly limit of $2,000.00 ($1,500.00 spent this month)")).toBeInTheDocument();
    expect(screen.getByText(/Stock is not held while a request waits/)).toBeInTheDocument();
    expect(within(mine).getByText(/approving places the order by invoice on the organisation's terms/)).toBeInTheDocument();
  });

  it('lets an approver approve, then shows the order that was placed', async () => {
    const approved = request({
      status: 'approved', decided_by: 'Amna Khan', decided_at: '2026-05-05T10:00:00.000Z', order_number: 'SS-20260505-0042', can_decide: false,
    });
    api.on('POST', `${APPROVALS}7/approve/`, 200, { request: approved });
    renderApprovals('approver', [request()]);
    api.on('GET', WAITING, 200, { your_role: 'approver', requests: [] });
    api.on('GET', `${APPROVALS}?status=approved`, 200, { your_role: 'approver', requests: [approved] });
    await userEvent.click(within(await card()).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', `${APPROVALS}7/approve/`)).toHaveLength(1));
    expect(await screen.findByText('Nothing is waiting for approval')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Request approved', 'Order SS-20260505-0042 was placed by invoice for Usman Tariq.');

    await userEvent.click(screen.getByRole('button', { name: 'Approved' }));
    const decided = await card();
    expect(within(decided).getByText('Approved by Amna Khan on May 5, 2026')).toBeInTheDocument();
    expect(within(decided).getByRole('link', { name: 'Order SS-20260505-0042' })).toHaveAttribute('href', '/orders');
    expect(within(decided).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an approval, such as stock that ran out", async () => {
    api.on('POST', `${APPROVALS}7/approve/`, 409, {
      detail: 'Insufficient stock (English).', code: 'INSUFFICIENT_STOCK', params: { name: 'Mayo Scissors', available: 4 },
    });
    renderApprovals('admin', [request()]);
    await userEvent.click(within(await card()).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The request could not be approved', 'Only 4 of Mayo Scissors available.'));
  });

  it('asks for a reason before rejecting, and posts it', async () => {
    api.on('POST', `${APPROVALS}7/reject/`, 200, {
      request: request({ status: 'rejected', reason: 'Use the framework contract.', decided_by: 'Amna Khan', decided_at: '2026-05-05T10:00:00.000Z', can_decide: false }),
    });
    renderApprovals('approver', [request()]);
    await userEvent.click(within(await card()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the request from Usman Tariq?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(/Enter at least 3 characters\./);
    expect(api.callsTo('POST', `${APPROVALS}7/reject/`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Use the framework contract.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('POST', `${APPROVALS}7/reject/`)[0]?.body).toEqual({ reason: 'Use the framework contract.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenCalledWith('Request rejected', 'Usman Tariq is sent your reason.');
  });

  it("puts the server's problem with the reason on the field", async () => {
    api.on('POST', `${APPROVALS}7/reject/`, 400, {
      detail: 'Validation failed', errors: { reason: ['Give the reason in a few words.'] }, issues: { reason: [{ key: 'invalid' }] },
    });
    renderApprovals('approver', [request()]);
    await userEvent.click(within(await card()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'No.!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Reason/ }))
      .toHaveAccessibleDescription(/Give the reason in a few words\./));
  });

  it("shows a buyer's own waiting request without buttons, waiting for an approver", async () => {
    renderApprovals('buyer', [request({
      requested_by: { id: 'u-1', name: 'Amna Khan', email: 'amna@example.com' }, can_decide: false,
      exceeded: [{ scope: 'member', period: 'month', limit: '2000.00', spent: '1500.00' }],
    })]);
    const mine = await card();
    expect(within(mine).getByText('Your request waits for an approver of the organisation. Stock is not held meanwhile.')).toBeInTheDocument();
    expect(within(mine).getByText('Above your monthly limit of $2,000.00 ($1,500.00 spent this month)')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('says so when nothing waits, and switches back to the members', async () => {
    renderApprovals('approver', []);
    expect(await screen.findByText('Nothing is waiting for approval')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Members' }));
    expect(await screen.findByText('1 member')).toBeInTheDocument();
  });

  it('reads in Arabic', async () => {
    act(() => setLocale('ar'));
    renderApprovals('approver', [request()]);
    const mine = await card();
    expect(screen.getByRole('tab', { name: 'الموافقات' })).toHaveAttribute('aria-selected', 'true');
    expect(within(mine).getByRole('button', { name: 'موافقة' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'رفض' })).toBeInTheDocument();
    expect(within(mine).getByText(/يتجاوز حد المؤسسة البالغ/)).toBeInTheDocument();
    expect(mine).toHaveTextContent('بانتظار الموافقة');
  });
});

describe('an approved request to be paid by card', () => {
  const approvedByCard = (overrides: Partial<OrderRequest> = {}) => request({
    status: 'approved', payment_method: 'credit_card', decided_by: 'Amna Khan', decided_at: '2026-05-05T10:00:00.000Z',
    can_decide: false, ...overrides,
  });

  it('tells the approver that approving sends the buyer to pay, not an invoice', async () => {
    api.on('POST', `${APPROVALS}7/approve/`, 200, { request: approvedByCard() });
    renderApprovals('approver', [request({ payment_method: 'credit_card' })]);
    const waiting = await card();
    expect(within(waiting).getByText(/once approved, Usman Tariq pays it by card and the stock is taken then/)).toBeInTheDocument();
    await userEvent.click(within(waiting).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Request approved', 'Usman Tariq is mailed to pay the approved order.'));
  });

  it('shows the approver that it waits for the buyer to pay', async () => {
    api.on('GET', `${APPROVALS}?status=approved`, 200, { your_role: 'approver', requests: [approvedByCard()] });
    renderApprovals('approver', []);
    await userEvent.click(await screen.findByRole('button', { name: 'Approved' }));
    const decided = await card();
    expect(within(decided).getByText('Approved: it waits for Usman Tariq to pay by card.')).toBeInTheDocument();
    expect(within(decided).queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('lets the buyer pay it by card for the approved amount, sending the payment alone', async () => {
    const mine = approvedByCard({ can_pay: true });
    api.on('GET', `${APPROVALS}?status=approved`, 200, { your_role: 'buyer', requests: [mine] });
    api.on('POST', `${APPROVALS}7/pay/`, 201, {
      success: true, message: 'Paid', transactionId: 'TXN-7', orderId: 'o-7', orderNumber: 'SS-7', paymentMethod: 'credit_card',
      amount: 2450, currency: 'USD', fee: 61.25, totalCharged: 2511.25,
    });
    renderApprovals('buyer', []);
    await userEvent.click(await screen.findByRole('button', { name: 'Approved' }));
    const decided = await card();
    expect(within(decided).getByText('Approved: it waits for your payment.')).toBeInTheDocument();
    expect(within(decided).getByText(/Approved by Amna Khan\. Pay \$2,450\.00 to place the order/)).toBeInTheDocument();
    await userEvent.click(within(decided).getByRole('button', { name: 'Pay now' }));
    await userEvent.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await userEvent.type(screen.getByLabelText(/^Card number/), '4242424242424242');
    await userEvent.type(screen.getByLabelText(/^Expiry/), '1299');
    await userEvent.type(screen.getByLabelText(/^CVV/), '123');
    await userEvent.type(screen.getByLabelText(/^Name on card/), 'Usman Tariq');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(api.callsTo('POST', `${APPROVALS}7/pay/`)).toHaveLength(1));
    const [sent] = api.callsTo('POST', `${APPROVALS}7/pay/`);
    // In rupees, as the shop shows them by default: the request's amount at today's rate.
    expect(sent.body).toMatchObject({ paymentMethod: 'credit_card', currency: 'PKR', amount: 682325 });
    expect(sent.body).not.toHaveProperty('orderDetails');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order placed', 'Your approved order is placed and paid.'));
  });
});
