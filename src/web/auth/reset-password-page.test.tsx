import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

vi.mock('../components/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

function renderReset(search = '?token=reset-123') {
  return renderApp([{ path: '/reset-password', Component: ResetPasswordPage }], { initialEntries: [`/reset-password${search}`] });
}

function submit(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResetPasswordPage', () => {
  it('explains a link without a token and offers a new one', async () => {
    renderReset('');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or missing reset token')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('states how long the link is valid', async () => {
    renderReset();
    expect(await screen.findByText(/valid for 1 hour/)).toBeInTheDocument();
  });

  it('refuses a password shorter than 8 characters', async () => {
    renderReset();
    await screen.findByRole('button', { name: 'Reset Password' });
    submit('short', 'short');
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/^Password must be at least 8 characters long/);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a confirmation that does not match, without a call', async () => {
    renderReset();
    await screen.findByRole('button', { name: 'Reset Password' });
    submit('Scalpel-92-Forceps', 'Scalpel-92-Forcep');
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(notify.error).toHaveBeenCalledWith('Password mismatch', 'Passwords do not match');
    expect(api.calls).toHaveLength(0);
  });

  it('shows success, then goes to /login after 3 seconds', async () => {
    api.on('POST', '/api/auth/reset-password/confirm/', 200, { detail: 'Password has been reset.' });
    renderReset();
    await screen.findByRole('button', { name: 'Reset Password' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    submit('Scalpel-92-Forceps', 'Scalpel-92-Forceps');

    expect(await screen.findByRole('heading', { name: 'Password reset successful' })).toBeInTheDocument();
    expect(api.calls[0].body).toEqual({ token: 'reset-123', password: 'Scalpel-92-Forceps', password_confirm: 'Scalpel-92-Forceps' });
    expect(notify.success).toHaveBeenCalledWith('Password reset successful', 'You can now sign in with your new password.');

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("shows the server's refusal", async () => {
    api.on('POST', '/api/auth/reset-password/confirm/', 400, { detail: 'Validation failed', errors: { token: ['Invalid or expired reset token'] } });
    renderReset();
    await screen.findByRole('button', { name: 'Reset Password' });
    submit('Scalpel-92-Forceps', 'Scalpel-92-Forceps');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset token');
    expect(notify.error).toHaveBeenCalledWith('Reset failed', 'Unable to reset password');
  });
});
