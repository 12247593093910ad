import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { readToken } from '../lib/token-storage.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { i18n } from '../i18n/i18n.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { StaffInvitePage } from './staff-invite-page.tsx';

spyOnNotify();

const STATUS = '/api/staff/invite/?token=abc';
const ACCEPT = '/api/staff/invite/accept/';
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});

const renderPage = (url = '/staff/invite?token=abc') => renderRoute(StaffInvitePage, { path: '/staff/invite', url });

async function fill(password = 'Scalpel-Blade-22', confirmation = password) {
  await userEvent.type(screen.getByRole('textbox', { name: /^First name/ }), 'Imran');
  await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Qureshi');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm password/), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
}

describe('staff invitation page', () => {
  it('says a used or expired link is spent', async () => {
    api.on('GET', STATUS, 200, { valid: false, email: null });
    renderPage();
    expect(await screen.findByText('This invitation link has expired or was already used.')).toBeInTheDocument();
    expect(screen.getByText("Ask the shop's owner to send you a new invitation.")).toBeInTheDocument();
  });

  it('says so without asking the server when the link has no token', async () => {
    renderPage('/staff/invite');
    expect(await screen.findByText('This invitation link has expired or was already used.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the invited email, checks the password pair, then signs in and opens the first screen of the role', async () => {
    api.on('GET', STATUS, 200, { valid: true, email: 'imran@shop.example' });
    api.on('POST', ACCEPT, 200, {
      token: 'access', refreshToken: 'refresh',
      user: wireUser({ email: 'imran@shop.example', is_staff: true, staff_role: 'catalogue' }),
    });
    const { router } = renderPage();
    expect(await screen.findByText('You are invited as imran@shop.example. Choose your name and password to start.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email address/ })).toHaveValue('imran@shop.example');

    await fill('Scalpel-Blade-22', 'Scalpel-Blade-23');
    expect(await screen.findByLabelText(/^Confirm password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(api.callsTo('POST', ACCEPT)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/^Confirm password/));
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Scalpel-Blade-22');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/products'));
    expect(api.callsTo('POST', ACCEPT)[0]!.body).toEqual({
      token: 'abc', first_name: 'Imran', last_name: 'Qureshi', password: 'Scalpel-Blade-22', password_confirm: 'Scalpel-Blade-22',
    });
    expect(readToken()).toBe('access');
  });

  it("puts the server's password rules on the field and says them, not 'Validation failed'", async () => {
    api.on('GET', STATUS, 200, { valid: true, email: 'imran@shop.example' });
    api.on('POST', ACCEPT, 400, {
      detail: 'Validation failed', errors: { password: ['This password is too common.'] }, issues: { password: [{ key: 'password_too_common' }] },
    });
    renderPage();
    await screen.findByRole('textbox', { name: /^First name/ });
    act(() => setLocale('ur'));
    await userEvent.type(screen.getByRole('textbox', { name: /^پہلا نام/ }), 'Imran');
    await userEvent.type(screen.getByRole('textbox', { name: /^آخری نام/ }), 'Qureshi');
    const [password, confirmation] = screen.getAllByLabelText(/^پاس ورڈ/);
    await userEvent.type(password!, 'Password1');
    await userEvent.type(confirmation!, 'Password1');
    await userEvent.click(screen.getByRole('button', { name: /قبول/ }));

    await waitFor(() => expect(password).toHaveAccessibleDescription(/یہ پاس ورڈ بہت عام ہے/));
    expect(notify.error).toHaveBeenCalledWith(expect.any(String), expect.stringMatching(/یہ پاس ورڈ بہت عام ہے/));
    expect(notify.error).not.toHaveBeenCalledWith(expect.any(String), 'Validation failed');
  });

  it("asks for the form's texts with the page, so that the form arriving or its first field errors never blank the page", async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    api.on('GET', STATUS, 200, { valid: true, email: 'imran@shop.example' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept and sign in' }));
    await screen.findAllByText(/This field is required/);
    expect(askedLater(asked, 'staff-members')).toEqual([]);
  });
});
