import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { RequireAuth, type RequireAuthOptions } from './require-auth.tsx';

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
});

function LoginProbe() {
  const location = useLocation();
  return <p>Login page, from {(location.state as { from?: { pathname: string; search: string } }).from?.pathname}{(location.state as { from?: { search: string } }).from?.search}</p>;
}

function renderGuarded(options: RequireAuthOptions = {}) {
  return renderApp(
    [
      { path: '/login', Component: LoginProbe },
      { element: <RequireAuth {...options} />, children: [{ path: '/orders', element: <h1>Your orders</h1> }] },
    ],
    { initialEntries: ['/orders?page=2'] },
  );
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    renderGuarded();
    expect(await screen.findByText('Login page, from /orders?page=2')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows a loading card while the stored token is checked, then the page', async () => {
    localStorage.setItem('token', 'access');
    let answer!: (value: { status: number; body: unknown }) => void;
    api.onDeferred('GET', '/api/auth/me/', () => new Promise((resolve) => (answer = resolve)));
    renderGuarded();

    expect(await screen.findByRole('heading', { name: 'Checking your account…' })).toBeInTheDocument();
    answer({ status: 200, body: wireUser() });
    expect(await screen.findByRole('heading', { name: 'Your orders' })).toBeInTheDocument();
    expect(api.calls[0].authorization).toBe('Bearer access');
  });

  it('drops a token the server refuses and redirects to /login', async () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem('refreshToken', 'stale-refresh');
    api.on('GET', '/api/auth/me/', 401, { detail: 'Token expired.' });
    api.on('POST', '/api/auth/refresh/', 401, { detail: 'Token is invalid.' });
    renderGuarded();

    expect(await screen.findByText('Login page, from /orders?page=2')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('denies an account of the wrong type, naming both types', async () => {
    localStorage.setItem('token', 'access');
    api.on('GET', '/api/auth/me/', 200, wireUser({ account_type: 'individual' }));
    renderGuarded({ accountTypes: ['business'] });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('This page requires a business account type.')).toBeInTheDocument();
    expect(screen.getByText('Your account type is individual.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your orders' })).not.toBeInTheDocument();
  });

  it('asks an unverified user to verify, and can resend the email', async () => {
    localStorage.setItem('token', 'access');
    api.on('GET', '/api/auth/me/', 200, wireUser({ is_verified: false }));
    api.on('POST', '/api/auth/verify-email/resend/', 200, { detail: 'Verification email sent.' });
    renderGuarded({ verified: true });

    expect(await screen.findByRole('heading', { name: 'Email Verification Required' })).toBeInTheDocument();
    expect(screen.getByText(/check your inbox/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/verify-email/resend/')).toHaveLength(1));
    expect(await screen.findByText(/A new verification link is on its way/)).toBeInTheDocument();
  });

  it('lets a verified user of an allowed type through', async () => {
    localStorage.setItem('token', 'access');
    api.on('GET', '/api/auth/me/', 200, wireUser({ account_type: 'business' }));
    renderGuarded({ accountTypes: ['individual', 'business'], verified: true });
    expect(await screen.findByRole('heading', { name: 'Your orders' })).toBeInTheDocument();
  });
});
