import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCustomer, listCustomers, type CustomerDetail } from '#contracts/staff-customers';
import type { StaffRole } from '#contracts/staff-roles';
import { normalizeUser } from '../auth/normalize-user.ts';
import { staffPages, staffPagesFor } from '../staff/staff-pages.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { StaffCustomerPage } from './staff-customer-page.tsx';

const ID = '7d0c2d64-3f7e-4f59-9c4b-3f0a8e1f2a11';
const DETAIL = `/api/staff/customers/${ID}/`;
const NOTES = `/api/staff/customers/${ID}/notes/`;

const customer = (overrides: Partial<CustomerDetail> = {}): CustomerDetail => ({
  id: ID,
  account_type: 'business',
  deactivated: false,
  joined_at: '2026-01-05T10:00:00.000Z',
  profile: {
    name: 'Imran Qureshi', email: 'procurement@mayo.example', email_verified: true, phone: '+92 300 7654321', address: '12 Jail Road',
    specialty: 'orthopedics', hospital_name: 'Mayo Hospital Lahore', licence_number: 'PMC-55-1234',
  },
  organisations: [{ id: '0b6f3c1e-9a57-4a55-8f0e-6a4d2c1b9e77', name: 'Mayo Hospital Lahore', status: 'verified', role: 'admin' }],
  licence: { state: 'valid', documents: [{ id: 4, licence_type: 'drap_establishment', licence_number: 'DRAP-778899', status: 'verified', expires_on: '2027-06-30', is_valid: true, is_expired: false }] },
  orders: [{ id: '5c1f0e8e-0d3a-4b8e-a1a2-3f4e5d6c7b8a', order_number: 'SS-7K2M9QXD', created_at: '2026-03-20T09:00:00.000Z', status: 'delivered', payment_status: 'paid', total: '120.00' }],
  orders_count: 1,
  returns: [{ rma: 'RMA-000041', order_number: 'SS-7K2M9QXD', status: 'resolved', created_at: '2026-03-28T09:00:00.000Z' }],
  store_credit: { balance: '0.00', organisation_balance: '25.00' },
  lifetime_value: '95.00',
  notes: [],
  ...overrides,
});

let api: ReturnType<typeof mockApi>;

function signInAs(role: StaffRole) {
  localStorage.setItem('token', 'access');
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: role }));
}
const renderPage = () => renderApp([{ path: '/staff/customers/:id', Component: StaffCustomerPage }], { initialEntries: [`/staff/customers/${ID}`] });

beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("a customer's page", () => {
  it('shows the value, orders with links to them, profile, organisation, licence and returns as the server gives them', async () => {
    signInAs('sales');
    api.on('GET', DETAIL, 200, customer());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Imran Qureshi' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Lifetime value$95.00');
    expect(screen.queryByText('Deactivated')).not.toBeInTheDocument();
    expect(summary).toHaveTextContent('Mayo Hospital Lahore\'s store credit$25.00');
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(within(orders).getByRole('link', { name: 'SS-7K2M9QXD' })).toHaveAttribute('href', '/staff/orders/SS-7K2M9QXD');
    expect(orders).toHaveTextContent('Payment: Paid');
    expect(screen.getByRole('region', { name: 'Profile' })).toHaveTextContent('+92 300 7654321');
    expect(screen.getByRole('region', { name: 'Profile' })).toHaveTextContent('SpecialtyOrthopedics');
    expect(screen.getByRole('region', { name: 'Organisations' })).toHaveTextContent('Mayo Hospital LahoreVerifiedAdmin');
    expect(screen.getByRole('region', { name: 'Licence' })).toHaveTextContent('DRAP-778899');
    expect(screen.getByRole('region', { name: 'Returns' })).toHaveTextContent('RMA-000041');
  });

  it('says when the account was deactivated, and nothing of it otherwise', async () => {
    signInAs('sales');
    api.on('GET', DETAIL, 200, customer({ deactivated: true }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Imran Qureshi' })).toBeInTheDocument();
    expect(screen.getByText('Deactivated')).toBeInTheDocument();
  });

  it('adds a note after checking it as the server does, and shows the notes the server answers', async () => {
    signInAs('support');
    api.on('GET', DETAIL, 200, customer());
    api.on('POST', NOTES, 201, { notes: [{ id: 1, text: 'Prefers delivery before noon.', author_email: 'support@shop.example', created_at: '2026-04-01T08:00:00.000Z' }] });
    renderPage();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(notes).toHaveTextContent('No notes yet.');
    await userEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('This field is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', NOTES)).toHaveLength(0);

    await userEvent.type(within(notes).getByRole('textbox', { name: /^New note/ }), 'Prefers delivery before noon.');
    await userEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Prefers delivery before noon.')).toBeInTheDocument();
    expect(api.callsTo('POST', NOTES).map((call) => call.body)).toEqual([{ text: 'Prefers delivery before noon.' }]);
    expect(within(notes).getByRole('textbox', { name: /^New note/ })).toHaveValue('');
  });

  it("tells catalogue the buyer's details are hidden, names them by organisation, and offers no note form", async () => {
    signInAs('catalogue');
    api.on('GET', DETAIL, 200, customer({
      profile: null,
      licence: { state: 'valid', documents: [{ id: 4, licence_type: 'drap_establishment', licence_number: null, status: 'verified', expires_on: '2027-06-30', is_valid: true, is_expired: false }] },
    }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mayo Hospital Lahore' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Profile' })).toHaveTextContent('shown to the roles that handle orders');
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/me/')).toHaveLength(1));
    expect(within(screen.getByRole('region', { name: 'Notes' })).queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
  });

  it('is in the menu of every staff role, as its contracts say', () => {
    const page = staffPages.find((entry) => entry.to === '/staff/customers')!;
    expect(page.access).toEqual(listCustomers.staff);
    expect(getCustomer.staff).toEqual(listCustomers.staff);
    const roles = (['catalogue', 'fulfilment', 'sales', 'support', 'owner'] as const)
      .filter((role) => staffPagesFor(normalizeUser(wireUser({ is_staff: true, staff_role: role }))).includes(page));
    expect(roles).toEqual(['catalogue', 'fulfilment', 'sales', 'support', 'owner']);
  });
});
