import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '#contracts/staff-members';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { soleActiveOwner, StaffMembersPage } from './staff-members-page.tsx';

spyOnNotify();

const MEMBERS = '/api/staff/members/';
const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: 'm-1', email: 'member@shop.example', first_name: 'Imran', last_name: 'Qureshi', role: 'catalogue', status: 'active',
  last_sign_in: '2026-03-01T09:00:00.000Z', invited_at: '2026-02-01T09:00:00.000Z', ...overrides,
});
const me = member({ id: 'u-1', email: 'amna@example.com', first_name: 'Amna', last_name: 'Khan', role: 'owner' });
const cataloguer = member({ id: 'm-2', email: 'imran@shop.example' });
const invited = member({ id: 'm-3', email: 'new@shop.example', first_name: '', last_name: '', role: 'sales', status: 'invited', last_sign_in: null });
const leaver = member({ id: 'm-4', email: 'gone@shop.example', role: 'fulfilment', status: 'deactivated' });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
});

/** The page for a signed-in staff member in `role`, with this team (mock answers are first come, first served). */
function renderPage({ role = 'owner', members = [me, cataloguer, invited, leaver] }: { role?: string; members?: StaffMember[] } = {}) {
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: role }));
  api.on('GET', MEMBERS, 200, { members });
  return renderRoute(StaffMembersPage, { path: '/staff/members', url: '/staff/members' });
}
const rowOf = async (email: string) => (await screen.findAllByTestId('staff-member')).find((row) => row.textContent?.includes(email))!;

describe('soleActiveOwner', () => {
  it('names the owner only while they are the one active owner', () => {
    expect(soleActiveOwner([me, cataloguer])).toBe('u-1');
    expect(soleActiveOwner([me, member({ id: 'o-2', role: 'owner' })])).toBeNull();
    // A deactivated or invited owner does not share the load.
    expect(soleActiveOwner([me, member({ id: 'o-3', role: 'owner', status: 'deactivated' })])).toBe('u-1');
    expect(soleActiveOwner([me, member({ id: 'o-4', role: 'owner', status: 'invited' })])).toBe('u-1');
  });
});

describe('staff members page', () => {
  it('lists the team; the only active owner keeps the role and access, with the reason given', async () => {
    renderPage();
    const mine = await rowOf('amna@example.com');
    expect(within(mine).getByRole('combobox', { name: 'Role of amna@example.com' })).toBeDisabled();
    const deactivateMine = within(mine).getByRole('button', { name: 'Deactivate' });
    expect(deactivateMine).toBeDisabled();
    expect(deactivateMine).toHaveAccessibleDescription(/only active owner/);
    expect(within(mine).getByText('You')).toBeInTheDocument();

    const theirs = await rowOf('imran@shop.example');
    expect(within(theirs).getByRole('combobox', { name: 'Role of imran@shop.example' })).toBeEnabled();
    expect(within(theirs).getByRole('button', { name: 'Deactivate' })).toBeEnabled();
    expect(within(theirs).queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();

    const pending = await rowOf('new@shop.example');
    expect(within(pending).getByText('Not accepted yet')).toBeInTheDocument();
    expect(within(pending).getByText('Never')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Resend invitation' })).toBeEnabled();
    expect(within(await rowOf('gone@shop.example')).getByRole('button', { name: 'Reactivate' })).toBeEnabled();
    expect(screen.getByText('4 staff members')).toBeInTheDocument();
  });

  it('an owner with a second active owner still cannot deactivate themselves', async () => {
    renderPage({ members: [me, member({ id: 'o-2', email: 'partner@shop.example', role: 'owner' })] });
    const mine = await rowOf('amna@example.com');
    expect(within(mine).getByRole('combobox', { name: 'Role of amna@example.com' })).toBeEnabled();
    expect(within(mine).getByRole('button', { name: 'Deactivate' })).toHaveAccessibleDescription('You cannot deactivate your own account.');
    expect(within(mine).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
  });

  it('changes a role from its select', async () => {
    api.on('PATCH', `${MEMBERS}m-2/`, 200, { ...cataloguer, role: 'sales' });
    renderPage();
    await userEvent.selectOptions(within(await rowOf('imran@shop.example')).getByRole('combobox'), 'sales');
    await waitFor(() => expect(api.callsTo('PATCH', `${MEMBERS}m-2/`)[0]?.body).toEqual({ role: 'sales' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Role changed', 'imran@shop.example is now Sales.'));
  });

  it('deactivates only after the confirmation, and can keep the member instead', async () => {
    api.on('PATCH', `${MEMBERS}m-2/`, 200, { ...cataloguer, status: 'deactivated' });
    renderPage();
    const row = await rowOf('imran@shop.example');
    await userEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    expect(within(row).getByText('Deactivate imran@shop.example? They are signed out at once.')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Keep' }));
    expect(api.callsTo('PATCH', `${MEMBERS}m-2/`)).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Deactivate now' }));
    await waitFor(() => expect(api.callsTo('PATCH', `${MEMBERS}m-2/`)[0]?.body).toEqual({ active: false }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Access ended', 'imran@shop.example can no longer sign in.'));
  });

  it('explains a refusal to change the last owner', async () => {
    api.on('PATCH', `${MEMBERS}m-2/`, 409, { detail: 'The shop needs at least one active owner.', code: 'LAST_OWNER' });
    renderPage();
    await userEvent.selectOptions(within(await rowOf('imran@shop.example')).getByRole('combobox'), 'owner');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Change not saved', expect.stringMatching(/only active owner/)));
  });

  it('reactivates and resends an invitation', async () => {
    api.on('PATCH', `${MEMBERS}m-4/`, 200, { ...leaver, status: 'active' });
    api.on('POST', `${MEMBERS}m-3/invite/`, 200, invited);
    renderPage();
    await userEvent.click(within(await rowOf('gone@shop.example')).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(api.callsTo('PATCH', `${MEMBERS}m-4/`)[0]?.body).toEqual({ active: true }));
    await userEvent.click(within(await rowOf('new@shop.example')).getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Invitation sent again', 'The earlier link to new@shop.example no longer works.'));
  });

  it('asks for the texts of the team and the invitation with the page, so that the team arriving never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    renderPage();
    await rowOf('imran@shop.example');
    expect(askedLater(asked, 'staff-members')).toEqual([]);
  });
});

describe('the invitation form', () => {  const form = () => screen.getByRole('form', { name: 'Invite a staff member' });

  it("spells out the chosen role's reach from the staff screens it opens", async () => {
    renderPage();
    const reach = await screen.findByTestId('role-reach');
    expect(reach).toHaveTextContent(/^Catalogue: Opens .*Flash sales/);
    expect(reach).not.toHaveTextContent('Inventory');
    await userEvent.selectOptions(within(form()).getByRole('combobox', { name: /^Role/ }), 'fulfilment');
    expect(reach).toHaveTextContent(/^Fulfilment: Opens Inventory, Manage Orders.*Recalls/);
    await userEvent.selectOptions(within(form()).getByRole('combobox', { name: /^Role/ }), 'owner');
    expect(reach).toHaveTextContent('Owner: Everything, staff and roles included.');
  });

  it('checks the email before sending, then sends email and role', async () => {
    api.on('POST', MEMBERS, 201, invited);
    renderPage();
    await screen.findByTestId('role-reach');
    await userEvent.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form()).findByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription('This field is required.');
    expect(api.callsTo('POST', MEMBERS)).toHaveLength(0);

    await userEvent.type(within(form()).getByRole('textbox', { name: /^Email/ }), 'new@shop.example');
    await userEvent.selectOptions(within(form()).getByRole('combobox', { name: /^Role/ }), 'sales');
    await userEvent.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST', MEMBERS)[0]?.body).toEqual({ email: 'new@shop.example', role: 'sales' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Invitation sent', 'new@shop.example has 72 hours to accept.'));
    expect(within(form()).getByRole('textbox', { name: /^Email/ })).toHaveValue('');
  });

  it("shows the server's refusal of a customer's email on the field", async () => {
    api.on('POST', MEMBERS, 400, {
      detail: 'Validation failed', errors: { email: ['This email belongs to a customer account.'] },
      issues: { email: [{ key: 'invalid' }] },
    });
    renderPage();
    await screen.findByTestId('role-reach');
    await userEvent.type(within(form()).getByRole('textbox', { name: /^Email/ }), 'buyer@hospital.example');
    await userEvent.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(form()).getByRole('textbox', { name: /^Email/ }))
      .toHaveAccessibleDescription('This email belongs to a customer account.'));
  });
});

describe('access', () => {
  it('sends a staff member who is not an owner home', async () => {
    renderPage({ role: 'catalogue' });
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(expect.any(String), "Staff and roles are managed by the shop's owner.");
  });
});
