import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { currentUserKey } from './auth.api.ts';
import { useForgetPreviousSession } from './forget-previous-session.ts';
import { normalizeUser } from './normalize-user.ts';
import { clearTokens, storeTokens } from '../lib/token-storage.ts';
import { useCurrentUser } from './use-current-user.ts';

const ordersKey = ['orders', 'list', {}];
const pricesKey = ['catalog', 'products', {}];

function Probe() {
  useForgetPreviousSession();
  const { user, isLoading } = useCurrentUser();
  return <p data-testid="who">{isLoading ? 'loading' : (user?.id ?? 'nobody')}</p>;
}

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the cache across sessions', () => {
  it('survives the page loading for the user already signed in', async () => {
    localStorage.setItem('token', 'access');
    localStorage.setItem('refreshToken', 'refresh');
    api.on('GET', '/api/auth/me/', 200, wireUser());
    const { queryClient } = renderApp([{ path: '/', Component: Probe }]);
    queryClient.setQueryData(ordersKey, { orders: [{ id: 'order-of-amna' }] });

    expect(await screen.findByText('u-1')).toBeInTheDocument();
    expect(queryClient.getQueryData(ordersKey)).toEqual({ orders: [{ id: 'order-of-amna' }] });
  });

  it('is dropped when the user signs out, so the next person sees none of it', async () => {
    localStorage.setItem('token', 'access');
    localStorage.setItem('refreshToken', 'refresh');
    api.on('GET', '/api/auth/me/', 200, wireUser());
    const { queryClient } = renderApp([{ path: '/', Component: Probe }]);
    expect(await screen.findByText('u-1')).toBeInTheDocument();
    queryClient.setQueryData(ordersKey, { orders: [{ id: 'order-of-amna' }] });
    queryClient.setQueryData(pricesKey, { results: [{ id: 1, price: '93.00' }] });

    act(() => clearTokens());

    expect(await screen.findByText('nobody')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(ordersKey)).toBeUndefined());
    expect(queryClient.getQueryData(pricesKey)).toBeUndefined();
  });

  it('is dropped when someone signs in, keeping only who they are', async () => {
    const { queryClient } = renderApp([{ path: '/', Component: Probe }]);
    expect(await screen.findByText('nobody')).toBeInTheDocument();
    queryClient.setQueryData(ordersKey, { orders: [{ id: 'left-by-an-expired-session' }] });

    act(() => {
      queryClient.setQueryData(currentUserKey, normalizeUser(wireUser({ id: 'u-2', first_name: 'Omar' })));
      storeTokens({ token: 'access-2', refreshToken: 'refresh-2' }, false);
    });

    expect(await screen.findByText('u-2')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(ordersKey)).toBeUndefined());
    expect(queryClient.getQueryData(currentUserKey)).toMatchObject({ id: 'u-2' });
  });
});
