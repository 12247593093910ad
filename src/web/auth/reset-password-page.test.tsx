import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
});

afterEach(() => {
  act(() => setLocale('en'));
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
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/^Password must be at least 8 characters long/));
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a confirmation that does not match, without a call', async () => {
    renderReset();
    await screen.findByRole('button', { name: 'Reset Password' });
    submit('Scalpel-92-Forceps', 'Scalpel-92-Forcep');
    await waitFor(() => expect(screen.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription('Passwords do not match'));
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

  it("shows the server's refusal of the link above the form, in the visitor's language", async () => {
    api.on('POST', '/api/auth/reset-password/confirm/', 400, { detail: 'Invalid or expired reset token', errors: { token: ['Invalid or expired reset token'] } });
    renderReset();
    await screen.findByRole('button', { name: 'Reset Password' });
    submit('Scalpel-92-Forceps', 'Scalpel-92-Forceps');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset token');
    expect(screen.getByRole('alert')).toContainElement(screen.getByRole('link', { name: 'Request New Reset Link' }));
    expect(notify.error).toHaveBeenCalledWith('Reset failed', 'Unable to reset password');
    act(() => setLocale('ar'));
    expect(screen.getByRole('alert')).toHaveTextContent('رابط إعادة التعيين غير صالح أو منتهي الصلاحية.');
  });

  it("shows the server's password rules under the password, in Arabic, and keeps the link", async () => {
    api.on('POST', '/api/auth/reset-password/confirm/', 400, {
      detail: 'Validation failed',
      errors: { password: ['This password is entirely numeric.'] },
      issues: { password: [{ key: 'password_numeric' }] },
    });
    renderReset();
    await screen.findByRole('button', { name: 'Reset Password' });
    act(() => setLocale('ar'));
    fireEvent.change(screen.getByLabelText(/^كلمة المرور الجديدة/), { target: { value: '1234567890' } });
    fireEvent.change(screen.getByLabelText(/^تأكيد كلمة المرور الجديدة/), { target: { value: '1234567890' } });
    fireEvent.click(screen.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }));

    await waitFor(() => expect(screen.getByLabelText(/^كلمة المرور الجديدة/)).toHaveAccessibleDescription(/^كلمة المرور هذه أرقام فقط\./));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says in Arabic that the confirmation differs', async () => {
    renderReset();
    await screen.findByRole('button', { name: 'Reset Password' });
    act(() => setLocale('ar'));
    fireEvent.change(screen.getByLabelText(/^كلمة المرور الجديدة/), { target: { value: 'Scalpel-92-Forceps' } });
    fireEvent.change(screen.getByLabelText(/^تأكيد كلمة المرور الجديدة/), { target: { value: 'Scalpel-92' } });
    fireEvent.click(screen.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }));

    await waitFor(() => expect(screen.getByLabelText(/^تأكيد كلمة المرور الجديدة/)).toHaveAccessibleDescription('كلمتا المرور غير متطابقتين.'));
    expect(notify.error).toHaveBeenCalledWith('عدم تطابق كلمتي المرور', 'كلمتا المرور غير متطابقتين.');
    expect(api.calls).toHaveLength(0);
  });
});
