import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderApp } from '../test/render-app.tsx';
import { LoginPage } from './login-page.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
});

function renderLogin(from?: string) {
  return renderApp([{ path: '/login', Component: LoginPage }], {
    initialEntries: [{ pathname: '/login', state: from ? { from: { pathname: from, search: '', hash: '' } } : null }],
  });
}

async function signIn({ remember = false, tab }: { remember?: boolean; tab?: 'Business' | 'Individual' } = {}) {
  const user = userEvent.setup();
  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  if (tab) {
    await user.click(screen.getByRole('tab', { name: tab }));
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  }
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'amna@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Scalpel-92-Forceps');
  if (remember) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

const loginAnswer = { token: 'access-1', refreshToken: 'refresh-1', user: wireUser() };

describe('LoginPage', () => {
  it('links to forgot-password and register', async () => {
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('asks for both fields before calling the server', async () => {
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('This field is required.');
    expect(api.calls).toHaveLength(0);
  });

  it('shows its first field errors in words loaded before the page (every form\'s are), so that they never blank the page and what is typed', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    renderLogin();
    await userEvent.type(await screen.findByLabelText(/^Password/), 'Scalpel-Blade-22');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('This field is required.');
    expect(askedLater(asked, 'auth')).toEqual([]);
    expect(asked.mock.calls.map(([namespace]) => namespace)).toContain('validation');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Scalpel-Blade-22');
  });

  it('sends the account type of the selected tab', async () => {
    api.on('POST', '/api/auth/login/', 200, loginAnswer);
    renderLogin();
    await signIn({ tab: 'Business' });
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/login/')).toHaveLength(1));
    expect(api.calls[0].body).toEqual({ email: 'amna@example.com', password: 'Scalpel-92-Forceps', account_type: 'business' });
  });

  it('signs a business account in on the Individual tab, as the account it is, and opens sign-up on the tab chosen', async () => {
    api.on('POST', '/api/auth/login/', 200, { ...loginAnswer, user: wireUser({ account_type: 'business' }) });
    renderLogin('/quotes/new');
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    await userEvent.click(screen.getByRole('tab', { name: 'Business' }));
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register?type=business');
    await userEvent.click(screen.getByRole('tab', { name: 'Individual' }));
    await signIn();

    expect(await screen.findByTestId('location')).toHaveTextContent('/quotes/new');
    expect(notify.success).toHaveBeenCalledWith('Login successful', 'Welcome back, Amna!');
  });

  it('moves between the account types with the arrow keys, stopping at either end, and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'amna@example.com');
    await user.click(screen.getByRole('tab', { name: 'Individual' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('amna@example.com');
  });

  it('keeps the session for this browser session only without remember-me, then returns to the page that asked', async () => {
    api.on('POST', '/api/auth/login/', 200, loginAnswer);
    renderLogin('/account');
    await signIn();

    expect(await screen.findByTestId('location')).toHaveTextContent('/account');
    expect(api.calls[0].body).toMatchObject({ account_type: 'individual' });
    expect(sessionStorage.getItem('token')).toBe('access-1');
    expect(sessionStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(notify.success).toHaveBeenCalledWith('Login successful', 'Welcome back, Amna!');
  });

  it('keeps a remembered session in localStorage and goes home without an origin', async () => {
    api.on('POST', '/api/auth/login/', 200, loginAnswer);
    renderLogin();
    await signIn({ remember: true });

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('refuses an email that is not one, without a call', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'amna@example');
    await user.type(screen.getByLabelText(/^Password/), 'Scalpel-92-Forceps');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('Enter a valid email address.');
    expect(api.calls).toHaveLength(0);
  });

  it('says the credentials are wrong when the server refuses them', async () => {
    api.on('POST', '/api/auth/login/', 401, { detail: 'Invalid credentials', errors: { non_field_errors: ['Invalid credentials'] } });
    renderLogin();
    await signIn();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Login failed', 'Invalid credentials'));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(localStorage.getItem('token') ?? sessionStorage.getItem('token')).toBeNull();
  });

  it('speaks Arabic: the missing fields, and a refusal in its own words whatever the server wrote', async () => {
    api.on('POST', '/api/auth/login/', 401, { detail: 'Invalid credentials', errors: { non_field_errors: ['Invalid credentials'] } });
    const user = userEvent.setup();
    renderLogin();
    act(() => setLocale('ar'));
    await user.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    expect(screen.getByRole('textbox', { name: 'البريد الإلكتروني' })).toHaveAccessibleDescription('هذا الحقل مطلوب.');
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'البريد الإلكتروني' }), 'amna@example.com');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'Scalpel-92-Forceps');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('فشل تسجيل الدخول', 'بيانات الدخول غير صحيحة'));
  });

  it('shows the first field problem of a 400, in the toast and under its field', async () => {
    api.on('POST', '/api/auth/login/', 400, {
      detail: 'Validation failed',
      errors: { email: ['That address looks wrong.', 'Other.'] },
      issues: { email: [{ key: 'invalid_email' }, { key: 'invalid' }] },
    });
    renderLogin();
    await signIn();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Login failed', 'Enter a valid email address.'));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('Enter a valid email address.');
  });

  it('says the shop could not be reached when there is no answer', async () => {
    api.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderLogin();
    await signIn();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Login failed', 'The shop could not be reached. Check your connection and try again.'));
  });
});
