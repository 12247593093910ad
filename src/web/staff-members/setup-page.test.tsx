import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { i18n } from '../i18n/i18n.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { SetupPage } from './setup-page.tsx';

spyOnNotify();

const SETUP = '/api/setup/';
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});
const renderPage = () => renderRoute(SetupPage, { path: '/setup', url: '/setup' });

async function fillOwner(email: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: /^Email address/ }), email);
  await userEvent.type(screen.getByRole('textbox', { name: /^First name/ }), 'Hina');
  await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Aslam');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Scalpel-Blade-22');
  await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Scalpel-Blade-22');
  await userEvent.click(screen.getByRole('button', { name: "Create the owner's account" }));
}

describe('setup page', () => {
  it('points to sign-in once the shop is set up', async () => {
    api.on('GET', SETUP, 200, { needed: false });
    renderPage();
    expect(await screen.findByText('This shop is already set up')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it("creates the owner's account and opens Staff & roles", async () => {
    api.on('GET', SETUP, 200, { needed: true });
    api.on('POST', SETUP, 201, { token: 'access', refreshToken: 'refresh', user: wireUser({ is_staff: true, staff_role: 'owner' }) });
    const { router } = renderPage();
    await fillOwner('founder@shop.example');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/members'));
    expect(api.callsTo('POST', SETUP)[0]!.body).toEqual({
      email: 'founder@shop.example', first_name: 'Hina', last_name: 'Aslam', password: 'Scalpel-Blade-22', password_confirm: 'Scalpel-Blade-22',
    });
  });

  it('asks for every field before sending', async () => {
    api.on('GET', SETUP, 200, { needed: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: "Create the owner's account" }));
    expect(await screen.findByRole('textbox', { name: /^Email address/ })).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(/^This field is required./);
    expect(api.callsTo('POST', SETUP)).toHaveLength(0);
  });

  it('shows the set-up notice when someone else set the shop up first', async () => {
    api.on('GET', SETUP, 200, { needed: true });
    api.on('GET', SETUP, 200, { needed: false });
    api.on('POST', SETUP, 409, { detail: 'This shop is already set up: sign in instead.', code: 'ALREADY_SET_UP' });
    renderPage();
    await fillOwner('late@shop.example');
    expect(await screen.findByText('This shop is already set up')).toBeInTheDocument();
  });

  it("asks for the form's texts with the page, so that its first field errors never blank the page and what is typed", async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    api.on('GET', SETUP, 200, { needed: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: "Create the owner's account" }));
    await screen.findAllByText(/This field is required/);
    expect(askedLater(asked, 'staff-members')).toEqual([]);
  });
});
