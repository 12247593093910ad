import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readToken } from '../lib/token-storage.ts';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { i18n } from '../i18n/i18n.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { JoinPage } from './join-page.tsx';

spyOnNotify();

const LOOK_UP = '/api/organisation/invitations/look-up/';
const ACCEPT = '/api/organisation/invitations/accept/';
const DECLINE = '/api/organisation/invitations/decline/';
const invitation = (overrides: Record<string, unknown> = {}) => ({
  valid: true, email: 'usman@mayo.example', organisation: 'Mayo Hospital Lahore', role: 'buyer', needs_account: true, member_elsewhere: false,
  ...overrides,
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});

const renderPage = (url = '/organisation/join?token=abc') => renderRoute(JoinPage, { path: '/organisation/join', url });

describe('the organisation invitation page', () => {
  it('says a used or expired link is spent, after looking it up without the token in the address', async () => {
    api.on('POST', LOOK_UP, 200, invitation({ valid: false, email: null, organisation: null, role: null, needs_account: false }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This invitation link has expired or was already used.' })).toBeInTheDocument();
    expect(screen.getByText('Ask an admin of your organisation to invite you again.')).toBeInTheDocument();
    expect(api.callsTo('POST', LOOK_UP)[0]?.body).toEqual({ token: 'abc' });
  });

  it('says so without asking the server when the link has no token', async () => {
    renderPage('/organisation/join');
    expect(await screen.findByText('This invitation link has expired or was already used.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('lets a new person choose a name and password, signs them in and opens the organisation page', async () => {
    api.on('POST', LOOK_UP, 200, invitation());
    api.on('POST', ACCEPT, 200, {
      organisation: 'Mayo Hospital Lahore', role: 'buyer',
      session: { token: 'access', refreshToken: 'refresh', user: wireUser({ email: 'usman@mayo.example', first_name: 'Usman', account_type: 'business' }) },
    });
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Join Mayo Hospital Lahore' })).toBeInTheDocument();
    expect(screen.getByText('You are invited to buy for Mayo Hospital Lahore.')).toBeInTheDocument();
    expect(screen.getByText("Places orders at the organisation's prices and terms.", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email address/ })).toHaveValue('usman@mayo.example');

    await userEvent.type(screen.getByRole('textbox', { name: /^First name/ }), 'Usman');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Tariq');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Scalpel-Blade-22');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Scalpel-Blade-22');
    await userEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/organisation'));
    expect(api.callsTo('POST', ACCEPT)[0]!.body).toEqual({
      token: 'abc', first_name: 'Usman', last_name: 'Tariq', password: 'Scalpel-Blade-22', password_confirm: 'Scalpel-Blade-22',
    });
    expect(readToken()).toBe('access');
    expect(notify.success).toHaveBeenCalledWith('Welcome to Mayo Hospital Lahore', 'You are a member as Buyer.');
  });

  it("puts the server's password rules on the field and keeps the link", async () => {
    api.on('POST', LOOK_UP, 200, invitation());
    api.on('POST', ACCEPT, 400, {
      detail: 'Validation failed', errors: { password: ['This password is too common.'] }, issues: { password: [{ key: 'password_too_common' }] },
    });
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: /^First name/ }), 'Usman');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Tariq');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Password1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Password1');
    await userEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(/too common/));
    expect(readToken()).toBeNull();
  });

  it('lets an existing account join with one button, then sends it to sign in and back to the organisation', async () => {
    api.on('POST', LOOK_UP, 200, invitation({ needs_account: false, role: 'approver' }));
    api.on('POST', ACCEPT, 200, { organisation: 'Mayo Hospital Lahore', role: 'approver', session: null });
    const { router } = renderPage();
    expect(await screen.findByText('usman@mayo.example')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^First name/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join Mayo Hospital Lahore' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/profile/organisation' } });
    expect(api.callsTo('POST', ACCEPT)[0]!.body).toEqual({ token: 'abc' });
    expect(notify.success).toHaveBeenCalledWith('Welcome to Mayo Hospital Lahore', 'You are a member as Approver. Sign in to buy for it.');
  });

  it('takes a signed-in invited account straight to the organisation, reading the account again', async () => {
    localStorage.setItem('token', 'access');
    localStorage.setItem('refreshToken', 'refresh');
    api.on('GET', '/api/auth/me/', 200, wireUser({ email: 'Usman@mayo.example' }));
    api.on('POST', LOOK_UP, 200, invitation({ needs_account: false }));
    api.on('POST', ACCEPT, 200, { organisation: 'Mayo Hospital Lahore', role: 'buyer', session: null });
    const { router } = renderPage();
    await screen.findByRole('heading', { name: 'Join Mayo Hospital Lahore' });
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/me/')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Join Mayo Hospital Lahore' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/organisation'));
    expect(api.callsTo('GET', '/api/auth/me/')).toHaveLength(2);
  });

  it('turns into the spent-link card when the link was used meanwhile', async () => {
    api.on('POST', LOOK_UP, 200, invitation({ needs_account: false }));
    api.on('POST', LOOK_UP, 200, invitation({ valid: false, email: null, organisation: null, role: null, needs_account: false }));
    api.on('POST', ACCEPT, 400, {
      detail: 'This invitation link has expired or was already used.', errors: { token: ['This invitation link has expired or was already used.'] },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join Mayo Hospital Lahore' }));
    expect(await screen.findByRole('heading', { name: 'This invitation link has expired or was already used.' })).toBeInTheDocument();
  });

  it('lets the person decline instead, with or without an account, and then says it is done', async () => {
    for (const needsAccount of [true, false]) {
      api = mockApi();
      api.on('POST', LOOK_UP, 200, invitation({ needs_account: needsAccount }));
      api.on('POST', DECLINE, 200, { organisation: 'Mayo Hospital Lahore' });
      const { unmount } = renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Decline the invitation' }));
      expect(await screen.findByRole('heading', { name: 'Invitation declined' })).toBeInTheDocument();
      expect(screen.getByText('You will not join Mayo Hospital Lahore. If its admin invites you again, a new mail will come.')).toBeInTheDocument();
      expect(api.callsTo('POST', DECLINE)[0]!.body).toEqual({ token: 'abc' });
      expect(api.callsTo('POST', ACCEPT)).toHaveLength(0);
      unmount();
    }
  });

  it('offers an account that belongs to another organisation only to decline, saying why', async () => {
    api.on('POST', LOOK_UP, 200, invitation({ needs_account: false, member_elsewhere: true }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This email already belongs to another organisation or to the shop's staff, so it cannot join Mayo Hospital Lahore.",
    );
    expect(screen.queryByRole('button', { name: 'Join Mayo Hospital Lahore' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline the invitation' })).toBeInTheDocument();
  });

  it('reads in Arabic', async () => {
    act(() => setLocale('ar'));
    api.on('POST', LOOK_UP, 200, invitation({ needs_account: false, role: 'finance' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'الانضمام إلى Mayo Hospital Lahore' })).toBeInTheDocument();
    expect(screen.getByText('المالية')).toBeInTheDocument();
    expect(screen.getByText('usman@mayo.example')).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('button', { name: 'الانضمام إلى Mayo Hospital Lahore' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'رفض الدعوة' })).toBeInTheDocument();
  });

  it("asks for the form's texts with the page, so that the form arriving or its first field errors never blank the page", async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    api.on('POST', LOOK_UP, 200, invitation());
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Join|Accept/ }));
    await screen.findAllByText(/This field is required/);
    expect(askedLater(asked, 'organisation-members')).toEqual([]);
  });
});
