import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffAccess } from '#contracts/staff-roles';
import { notify } from '../components/ui/notify.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { StaffOnly } from './staff-only.tsx';

spyOnNotify();

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
});

function renderScreen() {
  return renderApp(
    [
      { path: '/', element: <h1>Home</h1> },
      {
        path: '/staff/products',
        element: <StaffOnly access={staffAccess.catalogue} reason="Products are for catalogue staff."><h1>Products</h1></StaffOnly>,
      },
    ],
    { initialEntries: ['/staff/products'] },
  );
}

describe('StaffOnly', () => {
  it('opens the screen to the owner and to the roles it names', async () => {
    for (const role of ['owner', 'catalogue'] as const) {
      api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: role }));
      const { unmount } = renderScreen();
      expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
      unmount();
    }
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('sends a buyer and a staff member of another role home, saying why', async () => {
    for (const overrides of [{}, { is_staff: true, staff_role: 'fulfilment' }]) {
      api.on('GET', '/api/auth/me/', 200, wireUser(overrides));
      const { unmount } = renderScreen();
      expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Products' })).not.toBeInTheDocument();
      unmount();
    }
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(2));
    expect(notify.error).toHaveBeenCalledWith(expect.any(String), 'Products are for catalogue staff.');
  });
});
