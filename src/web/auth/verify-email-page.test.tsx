import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { currentUserKey } from './auth.api.ts';
import type { CurrentUser } from './normalize-user.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
});

function renderVerify(search: string) {
  return renderApp([{ path: '/verify-email', Component: VerifyEmailPage }], { initialEntries: [`/verify-email${search}`] });
}

describe('VerifyEmailPage', () => {
  it('fails without a token, with no call', async () => {
    renderVerify('');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or missing verification token')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the loading state, then success, and sends the token once', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    api.onDeferred('POST', '/api/auth/verify-email/abc-123/', () => new Promise((resolve) => (answer = resolve)));
    renderVerify('?token=abc-123');

    expect(await screen.findByRole('heading', { name: 'Verifying your email…' })).toBeInTheDocument();
    expect(screen.getByText(/valid for 24 hours/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    answer({ status: 200, body: { detail: 'Email verified.' } });

    expect(await screen.findByRole('heading', { name: 'Email Verified Successfully!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
    expect(notify.success).toHaveBeenCalledWith('Email verified');
    expect(api.calls).toHaveLength(1);
  });

  it('marks the signed-in user verified', async () => {
    localStorage.setItem('token', 'access');
    api.on('GET', '/api/auth/me/', 200, wireUser({ is_verified: false }));
    api.on('POST', '/api/auth/verify-email/abc-123/', 200, { detail: 'Email verified.', user: wireUser({ is_verified: true }) });
    const { queryClient } = renderVerify('?token=abc-123');

    expect(await screen.findByRole('heading', { name: 'Email Verified Successfully!' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData<CurrentUser>(currentUserKey)?.isVerified).toBe(true));
  });

  it('fails on an invalid or expired token', async () => {
    api.on('POST', '/api/auth/verify-email/used/', 400, { detail: 'Invalid or expired verification token.' });
    renderVerify('?token=used');

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText('Email verification failed. The link may be invalid or expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/register');
    expect(notify.error).toHaveBeenCalledWith('Verification failed', 'Invalid or expired verification token');
  });

  it('reports an error when the server cannot be reached', async () => {
    api.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderVerify('?token=abc');

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Verification error', 'Unable to verify email');
  });
});
