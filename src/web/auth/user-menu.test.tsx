import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { TopBar } from '../layout/top-bar.tsx';
import { normalizeUser } from './normalize-user.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
});

function renderTopBar() {
  return renderApp([{ path: '/account', Component: TopBar }], { initialEntries: ['/account'] });
}

describe('UserMenu in the top bar', () => {
  it('shows who is signed in and their pages, and closes on Escape', async () => {
    api.on('GET', '/api/auth/me/', 200, wireUser());
    renderTopBar();
    const user = userEvent.setup();

    const trigger = await screen.findByRole('button', { name: 'Account menu for Amna Khan' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inventory' })).not.toBeInTheDocument();
    await user.click(trigger);

    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('amna@example.com');
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).toHaveAttribute('href', '/profile/settings');
    expect(screen.getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('menuitem', { name: 'My Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(screen.queryByRole('menuitem', { name: 'Inventory' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // The menu's own button, which took the place of the one shown while its code loaded.
    expect(screen.getByRole('button', { name: 'Account menu for Amna Khan' })).toHaveFocus();
  });

  it('gives staff the Inventory link and menu item', async () => {
    api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: 'owner' }));
    renderTopBar();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Amna Khan' }));
    expect(await screen.findByRole('menuitem', { name: 'Inventory' })).toHaveAttribute('href', '/inventory');
    expect(screen.getAllByRole('link', { name: 'Inventory' }).length).toBeGreaterThan(0);
  });

  it("shows a staff member only the staff screens their role opens", async () => {
    api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: 'catalogue' }));
    renderTopBar();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Amna Khan' }));
    expect(await screen.findByRole('menuitem', { name: 'Flash sales' })).toHaveAttribute('href', '/staff/flash-sales');
    for (const name of ['Inventory', 'Manage Orders', 'Manage Quotes', 'Recalls', 'Organisations']) {
      expect(screen.queryByRole('menuitem', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Inventory' })).not.toBeInTheDocument();
  });

  it('signs out: revokes the refresh token, forgets both tokens and goes home', async () => {
    api.on('GET', '/api/auth/me/', 200, wireUser());
    api.on('POST', '/api/auth/logout/', 200, { detail: 'Logged out.' });
    renderTopBar();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Amna Khan' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Logged out'));
    expect(api.callsTo('POST', '/api/auth/logout/')[0]).toMatchObject({ body: { refresh: 'refresh' }, authorization: 'Bearer access' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('opened by Enter while its code loaded, focuses its first item as soon as it is there', async () => {
    // Imported here, as the top bar does on first use, so the tests above meet the menu still loading.
    const { UserMenu } = await import('./user-menu.tsx');
    const user = normalizeUser(wireUser());
    renderApp([{ path: '/', Component: () => <UserMenu user={user} defaultOpen openedByKeyboard autoFocus /> }]);
    const first = await screen.findByRole('menuitem', { name: 'My Account' });
    await waitFor(() => expect(first).toHaveFocus());
  });
});
