import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
});

const RESET = '/api/auth/reset-password/';

async function renderForgot() {
  renderApp([{ path: '/forgot-password', Component: ForgotPasswordPage }], { initialEntries: ['/forgot-password'] });
  return screen.findByRole('textbox', { name: 'Email address' });
}

describe('ForgotPasswordPage', () => {
  it('asks for an email address, and a real one, before sending', async () => {
    const user = userEvent.setup();
    const email = await renderForgot();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(email).toHaveAccessibleDescription('This field is required.');

    await user.type(email, 'amna@example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(api.calls).toHaveLength(0);
  });

  it('tells where the link went, and goes back to the form with the address kept', async () => {
    api.on('POST', RESET, 200, { detail: 'If an account exists for this email, we have sent a link to reset the password.' });
    const user = userEvent.setup();
    await user.type(await renderForgot(), 'Amna@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('amna@example.com')).toBeInTheDocument();
    expect(api.calls[0].body).toEqual({ email: 'amna@example.com' });
    expect(notify.success).toHaveBeenCalledWith('Reset email sent', 'Check your inbox for a link to reset your password.');

    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('Amna@Example.com');
  });

  it("shows the server's problem with the address under it, in Arabic", async () => {
    api.on('POST', RESET, 400, {
      detail: 'Validation failed',
      errors: { email: ['Enter at most 254 characters.'] },
      issues: { email: [{ key: 'too_long', params: { max: 254 } }] },
    });
    const user = userEvent.setup();
    await user.type(await renderForgot(), 'amna@example.com');
    act(() => setLocale('ar'));
    await user.click(screen.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'البريد الإلكتروني' })).toHaveAccessibleDescription('أدخل 254 حرفًا على الأكثر.'));
    expect(notify.error).toHaveBeenCalledWith('فشلت إعادة التعيين', 'تعذّر إرسال رسالة إعادة التعيين');
  });
});
