import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { AccountPage } from './account-page.tsx';

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
});

const renderPage = (staffRole: string | null) => {
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: staffRole !== null, staff_role: staffRole }));
  return renderRoute(AccountPage, { path: '/account', url: '/account' });
};

describe('account page', () => {
  it("lists a staff member the screens of their role, and only those", async () => {
    renderPage('catalogue');
    expect(await screen.findByRole('heading', { name: 'Staff screens' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Flash sales' })).toHaveAttribute('href', '/staff/flash-sales');
    expect(screen.queryByRole('link', { name: 'Inventory' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff & roles' })).not.toBeInTheDocument();
  });

  it('lists the owner every staff screen, Staff & roles included', async () => {
    renderPage('owner');
    expect(await screen.findByRole('link', { name: 'Staff & roles' })).toHaveAttribute('href', '/staff/members');
    expect(screen.getByRole('link', { name: 'Inventory' })).toHaveAttribute('href', '/inventory');
  });

  it('shows a buyer no staff screens', async () => {
    renderPage(null);
    expect(await screen.findByRole('link', { name: /My Orders/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Staff screens' })).not.toBeInTheDocument();
  });
});
