import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembersAnswer, OrganisationMember, OrganisationRole } from '#contracts/organisation-members';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { TopBar } from '../layout/top-bar.tsx';
import { membersAnswer, organisationMember } from './member-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderApp } from '../test/render-app.tsx';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { OrganisationPage } from './organisation-page.tsx';

spyOnNotify();

const MEMBERS = '/api/organisation/members/';
const member = (overrides: Partial<OrganisationMember>) => organisationMember({ email: 'bilal@mayo.example', name: 'Bilal Malik', ...overrides });
const me = member({ is_you: true });
const approver = member({ id: 2, email: 'sara@mayo.example', name: 'Sara Ahmed', role: 'approver', joined_at: '2026-03-04T09:00:00.000Z' });
const invited = member({
  id: 3, email: 'procurement.department.head@mayo-hospital-lahore.example', name: '', role: 'buyer', status: 'invited', joined_at: null,
  invited_at: '2026-04-10T09:00:00.000Z',
});
const answer = (your_role: OrganisationRole = 'admin', members = [me, approver, invited]) => membersAnswer(your_role, members);

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
});

function renderPage(list: MembersAnswer | null = answer()) {
  if (list) api.on('GET', MEMBERS, 200, list);
  else api.on('GET', MEMBERS, 404, { detail: 'You are not a member of an organisation.' });
  return renderRoute(OrganisationPage, { path: '/profile/organisation', url: '/profile/organisation' });
}
const rowOf = async (email: string) => (await screen.findAllByTestId('organisation-member')).find((row) => row.textContent?.includes(email))!;
const form = () => screen.getByRole('form', { name: 'Invite a member' });

describe('the organisation page', () => {
  it("shows an admin the organisation's members, the invitation form and Remove on every other line", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mayo Hospital Lahore' })).toBeInTheDocument();
    expect(document.title).toBe('Organisation — Sialkot Surgical');
    expect(screen.getByText('3 members')).toBeInTheDocument();

    const mine = await rowOf('bilal@mayo.example');
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).getByText('Admin')).toBeInTheDocument();
    expect(within(mine).getByText('Joined Feb 1, 2026')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Leave organisation' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    expect(within(await rowOf('sara@mayo.example')).getByRole('button', { name: 'Remove sara@mayo.example' })).toBeInTheDocument();
    const pending = await rowOf(invited.email);
    expect(within(pending).getByText('Invitation sent')).toBeInTheDocument();
    expect(within(pending).getByText('Invited')).toBeInTheDocument();
    expect(within(pending).getByText('Invited Apr 10, 2026')).toBeInTheDocument();
    expect(within(pending).getByText(invited.email)).toHaveAttribute('dir', 'auto');
    expect(within(pending).getByRole('button', { name: `Remove ${invited.email}` })).toBeInTheDocument();

    expect(form()).toBeInTheDocument();
    // Each role's line under the select, following the choice.
    const role = within(form()).getByRole('combobox', { name: /^Role/ });
    expect(role).toHaveAccessibleDescription('Places orders at the organisation\'s prices and terms.');
    await userEvent.selectOptions(role, 'finance');
    expect(role).toHaveAccessibleDescription("Reads the organisation's orders and invoices.");
    expect(within(role).getAllByRole('option').map((option) => option.textContent)).toEqual(['Admin', 'Approver', 'Buyer', 'Finance']);
  });

  it('shows a buyer the members without the invitation form or Remove, and says who manages them', async () => {
    renderPage(answer('buyer', [approver, { ...invited, status: 'active', name: 'Usman Tariq', joined_at: '2026-04-11T09:00:00.000Z', is_you: true }]));
    const mine = await rowOf(invited.email);
    expect(within(mine).getByRole('button', { name: 'Leave organisation' })).toBeInTheDocument();
    expect(screen.getByText('Only an admin of the organisation can invite or remove members.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('offers the reports tab to admins, approvers and finance, not to buyers', async () => {
    renderPage(answer('buyer'));
    expect(await screen.findByRole('tab', { name: 'Approvals' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Reports' })).not.toBeInTheDocument();
  });

  it('shows finance the reports tab', async () => {
    renderPage(answer('finance'));
    expect(await screen.findByRole('tab', { name: 'Reports' })).toBeInTheDocument();
  });

  it('invites by email and role, and puts the server\'s refusal on the email field in words', async () => {
    api.on('POST', MEMBERS, 400, {
      detail: 'Validation failed', errors: { email: ['This person is already a member of your organisation.'] },
      issues: { email: [{ key: 'already_member' }] },
    });
    renderPage();
    await screen.findByRole('form', { name: 'Invite a member' });
    await userEvent.type(within(form()).getByRole('textbox', { name: /^Email/ }), 'sara@mayo.example');
    await userEvent.selectOptions(within(form()).getByRole('combobox', { name: /^Role/ }), 'approver');
    await userEvent.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST', MEMBERS)[0]?.body).toEqual({ email: 'sara@mayo.example', role: 'approver' }));
    await waitFor(() => expect(within(form()).getByRole('textbox', { name: /^Email/ }))
      .toHaveAccessibleDescription('This person is already a member of your organisation.'));
  });

  it("offers an admin no invitation form until the shop has verified the organisation, and says so", async () => {
    const list = answer();
    renderPage({ ...list, organisation: { ...list.organisation, verified: false } });
    expect(await screen.findByText('Your organisation can invite members once the shop has verified it.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
  });

  it('says in words when the invitations allowed for now are used up', async () => {
    api.on('POST', MEMBERS, 429, { detail: 'Too many attempts. Please wait a few minutes and try again.' });
    renderPage();
    await screen.findByRole('form', { name: 'Invite a member' });
    await userEvent.type(within(form()).getByRole('textbox', { name: /^Email/ }), 'one.more@mayo.example');
    await userEvent.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Invitation not sent', 'That is as many invitations as can be sent for now: try again later.'));
  });

  it('adds an invited person to the list from the answer and empties the field', async () => {
    const added = member({ id: 4, email: 'new.buyer@mayo.example', name: '', role: 'buyer', status: 'invited', joined_at: null });
    api.on('POST', MEMBERS, 201, answer('admin', [me, approver, invited, added]));
    renderPage();
    await screen.findByRole('form', { name: 'Invite a member' });
    await userEvent.type(within(form()).getByRole('textbox', { name: /^Email/ }), 'new.buyer@mayo.example');
    await userEvent.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('4 members')).toBeInTheDocument();
    expect(api.callsTo('POST', MEMBERS)[0]?.body).toEqual({ email: 'new.buyer@mayo.example', role: 'buyer' });
    expect(notify.success).toHaveBeenCalledWith('Invitation sent', 'new.buyer@mayo.example was mailed a link to join.');
    expect(within(form()).getByRole('textbox', { name: /^Email/ })).toHaveValue('');
    expect(api.callsTo('GET', MEMBERS)).toHaveLength(1);
  });

  it('removes a member only after the confirmation, and can keep them instead', async () => {
    api.on('DELETE', `${MEMBERS}2/`, 200, answer('admin', [me, invited]));
    renderPage();
    await userEvent.click(within(await rowOf('sara@mayo.example')).getByRole('button', { name: 'Remove sara@mayo.example' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove sara@mayo.example?' });
    expect(dialog).toHaveTextContent(/stop buying for Mayo Hospital Lahore at once/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `${MEMBERS}2/`)).toHaveLength(0);

    await userEvent.click(within(await rowOf('sara@mayo.example')).getByRole('button', { name: 'Remove sara@mayo.example' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByText('2 members')).toBeInTheDocument());
    expect(api.callsTo('DELETE', `${MEMBERS}2/`)).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('Member removed', 'sara@mayo.example');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("says why the organisation's only admin cannot leave", async () => {
    api.on('DELETE', `${MEMBERS}1/`, 409, { detail: 'An organisation keeps at least one admin: make someone else admin first.', code: 'LAST_ADMIN' });
    renderPage();
    await userEvent.click(within(await rowOf('bilal@mayo.example')).getByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Mayo Hospital Lahore?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "You are the organisation's only admin, and it keeps at least one. Invite another admin; once they have joined, you can leave.");
    expect(within(dialog).getByRole('button', { name: 'Leave' })).toBeDisabled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the empty state once a member has left', async () => {
    api.on('DELETE', `${MEMBERS}1/`, 200, answer('admin', [approver]));
    // The list as it was, then the answer to someone who belongs to no organisation.
    api.on('GET', MEMBERS, 200, answer('approver', [{ ...me, role: 'approver' }, approver]));
    renderPage(null);
    await userEvent.click(within(await rowOf('bilal@mayo.example')).getByRole('button', { name: 'Leave organisation' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You are not a member of an organisation')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('You left Mayo Hospital Lahore');
  });

  it('tells someone who belongs to no organisation so, and how to join one', async () => {
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'You are not a member of an organisation' })).toBeInTheDocument();
    expect(screen.getByText('An admin of your organisation can invite you by email: the mail has a link to join.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Organisation' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads in Arabic, dates and counts included', async () => {
    act(() => setLocale('ar'));
    renderPage();
    const mine = await rowOf('bilal@mayo.example');
    expect(within(mine).getByText('أنت')).toBeInTheDocument();
    expect(within(mine).getByText('مسؤول')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'مغادرة المؤسسة' })).toBeInTheDocument();
    expect(within(await rowOf(invited.email)).getByText('أُرسلت الدعوة')).toBeInTheDocument();
    expect(screen.getByText('٣ أعضاء')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'دعوة عضو' })).toBeInTheDocument();
    expect(document.title).toBe('المؤسسة — سيالكوت سرجيكال');
  });
});

describe('the account menu', () => {
  it('asks for the texts of every tab with the page, so that the members arriving or a tab opened never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    renderPage();
    await rowOf('sara@mayo.example');
    for (const tab of ['Approvals', 'Reports', 'Purchasing']) await userEvent.click(screen.getByRole('tab', { name: tab }));
    expect(askedLater(asked, 'organisation-members')).toEqual([]);
  });

  it('links a business account to its organisation', async () => {
    api.on('GET', '/api/auth/me/', 200, wireUser({ account_type: 'business' }));
    renderApp([{ path: '/account', Component: TopBar }], { initialEntries: ['/account'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Amna Khan' }));
    expect(await screen.findByRole('menuitem', { name: 'Organisation' })).toHaveAttribute('href', '/profile/organisation');
  });

  it('has no organisation entry for an individual account', async () => {
    api.on('GET', '/api/auth/me/', 200, wireUser());
    renderApp([{ path: '/account', Component: TopBar }], { initialEntries: ['/account'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Amna Khan' }));
    await screen.findByRole('menuitem', { name: 'My Orders' });
    expect(screen.queryByRole('menuitem', { name: 'Organisation' })).not.toBeInTheDocument();
  });
});
