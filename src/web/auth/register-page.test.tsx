import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { RegisterPage } from './register-page.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
});

const textbox = (name: string) => screen.getByRole('textbox', { name });
const passwordInput = (label: RegExp) => screen.getByLabelText(label);

async function fillIndividual({ confirm = 'Scalpel-92-Forceps', agree = true } = {}) {
  const user = userEvent.setup();
  renderApp([{ path: '/register', Component: RegisterPage }], { initialEntries: ['/register'] });
  expect(await screen.findByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
  await user.type(textbox('First name'), 'Amna');
  await user.type(textbox('Last name'), 'Khan');
  await user.type(textbox('Email address'), 'amna@example.com');
  await user.type(textbox('Phone number'), '+92 300 1234567');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Specialty' }), 'cardiology');
  await user.type(passwordInput(/^Password/), 'Scalpel-92-Forceps');
  await user.type(passwordInput(/^Confirm password/), confirm);
  if (agree) await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
  return user;
}

describe('RegisterPage', () => {
  it('links the terms, the privacy policy and sign-in', async () => {
    renderApp([{ path: '/register', Component: RegisterPage }], { initialEntries: ['/register'] });
    expect(await screen.findByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/about#terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/about#privacy');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['en', 'I agree to the Terms of Service and Privacy Policy', 'Terms of Service'],
    ['ur', 'میں سروس کی شرائط اور رازداری کی پالیسی سے اتفاق کرتا/کرتی ہوں', 'سروس کی شرائط'],
    ['ar', 'أوافق على شروط الخدمة وسياسة الخصوصية', 'شروط الخدمة'],
  ] as const)('asks in %s to agree in one sentence, with the links inside and no key showing', async (locale, sentence, terms) => {
    setLocale(locale);
    renderApp([{ path: '/register', Component: RegisterPage }], { initialEntries: ['/register'] });
    const [label] = (await screen.findByRole<HTMLInputElement>('checkbox')).labels!;
    expect(label.textContent).toBe(`${sentence}*`);
    expect(screen.getByRole('link', { name: terms })).toHaveAttribute('href', '/about#terms');
    expect(document.body).not.toHaveTextContent(/agreeEnd|agreeTerms/);
  });

  it("opens on the Business tab from the sign-in page's Business tab", async () => {
    renderApp([{ path: '/register', Component: RegisterPage }], { initialEntries: ['/register?type=business'] });
    expect(await screen.findByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
    expect(textbox('Company name')).toBeInTheDocument();
  });

  it('shows every missing field under itself and sends nothing', async () => {
    const user = userEvent.setup();
    renderApp([{ path: '/register', Component: RegisterPage }], { initialEntries: ['/register'] });
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));

    for (const name of ['First name', 'Last name', 'Email address', 'Phone number']) {
      expect(textbox(name)).toHaveAccessibleDescription('This field is required.');
    }
    expect(screen.getByRole('combobox', { name: 'Specialty' })).toHaveAccessibleDescription('This field is required.');
    expect(passwordInput(/^Password/)).toHaveAccessibleDescription(/^This field is required\./);
    expect(passwordInput(/^Confirm password/)).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toHaveAccessibleDescription('Please agree to the terms and conditions');
    expect(textbox('First name')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a bad phone number, a short password and a confirmation that differs, without a call', async () => {
    const user = await fillIndividual({ confirm: 'Something-else-1' });
    await user.clear(textbox('Phone number'));
    await user.type(textbox('Phone number'), 'call me');
    await user.clear(passwordInput(/^Password/));
    await user.type(passwordInput(/^Password/), 'short');
    await user.clear(textbox('Email address'));
    await user.type(textbox('Email address'), 'amna@example');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(textbox('Phone number')).toHaveAccessibleDescription('Enter a valid phone number (7 to 15 digits).');
    expect(textbox('Email address')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(passwordInput(/^Password/)).toHaveAccessibleDescription(/^Password must be at least 8 characters long/);
    expect(passwordInput(/^Confirm password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(passwordInput(/^Confirm password/)).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Email address')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('requires agreeing to the terms', async () => {
    const user = await fillIndividual({ agree: false });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('checkbox', { name: /I agree/ })).toHaveAccessibleDescription('Please agree to the terms and conditions');
    expect(api.calls).toHaveLength(0);
  });

  it('requires the company name and business license of a business account, and not the phone or specialty', async () => {
    const user = userEvent.setup();
    renderApp([{ path: '/register', Component: RegisterPage }], { initialEntries: ['/register'] });
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), 'not a phone');
    await user.click(screen.getByRole('tab', { name: 'Business' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(textbox('Company name')).toHaveAccessibleDescription('This field is required.');
    expect(textbox('Business license')).toHaveAccessibleDescription('This field is required.');
    expect(textbox('Work email address')).toHaveAccessibleDescription('This field is required.');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's problems in Arabic from their keys, and one with no field of its own above the form", async () => {
    api.on('POST', '/api/auth/register/', 400, {
      detail: 'Validation failed',
      errors: {
        email: ['A user with this email already exists.'],
        password: ['This password is too common.'],
        'profile.hospital_name': ['Only business accounts have a hospital name.'],
      },
      issues: { email: [{ key: 'email_taken' }], password: [{ key: 'password_too_common' }] },
    });
    const user = await fillIndividual();
    act(() => setLocale('ar'));
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));

    expect(await screen.findByText('يوجد حساب بهذا البريد الإلكتروني بالفعل.')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور هذه شائعة جدًا.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only business accounts have a hospital name.');
    expect(screen.queryByText('A user with this email already exists.')).not.toBeInTheDocument();
  });

  it('shows the first server message under each field', async () => {
    api.on('POST', '/api/auth/register/', 400, {
      detail: 'Validation failed',
      errors: {
        email: ['An account with this email already exists.', 'Second message.'],
        password: ['This password is too common.'],
        'profile.phone': ['Enter a valid phone number.'],
      },
    });
    const user = await fillIndividual();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Registration failed', 'Unable to create account'));
    expect(textbox('Email address')).toHaveAccessibleDescription('An account with this email already exists.');
    expect(screen.queryByText('Second message.')).not.toBeInTheDocument();
    expect(passwordInput(/^Password/)).toHaveAccessibleDescription(/This password is too common\./);
    expect(textbox('Phone number')).toHaveAccessibleDescription('Enter a valid phone number.');
  });

  it('registers an individual, stores the tokens and goes home', async () => {
    api.on('POST', '/api/auth/register/', 201, { success: true, token: 'access-1', refreshToken: 'refresh-1', user: wireUser({ is_verified: false }) });
    const user = await fillIndividual();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(api.calls[0].body).toEqual({
      email: 'amna@example.com',
      first_name: 'Amna',
      last_name: 'Khan',
      password: 'Scalpel-92-Forceps',
      password_confirm: 'Scalpel-92-Forceps',
      account_type: 'individual',
      profile: { phone: '+92 300 1234567', specialty: 'cardiology' },
    });
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(notify.success).toHaveBeenCalledWith('Registration successful', 'Please check your email to verify your account.');
  });

  it('sends the company name and business license of a business account', async () => {
    api.on('POST', '/api/auth/register/', 201, { success: true, token: 't', refreshToken: 'r', user: wireUser({ account_type: 'business' }) });
    const user = userEvent.setup();
    renderApp([{ path: '/register', Component: RegisterPage }], { initialEntries: ['/register'] });
    await user.click(await screen.findByRole('tab', { name: 'Business' }));
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).not.toBeInTheDocument();
    await user.type(textbox('First name'), 'Bilal');
    await user.type(textbox('Last name'), 'Ahmed');
    await user.type(textbox('Work email address'), 'bilal@mayo.example');
    await user.type(textbox('Company name'), 'Mayo Hospital');
    await user.type(textbox('Business license'), 'LHR-1234');
    await user.type(passwordInput(/^Password/), 'Scalpel-92-Forceps');
    await user.type(passwordInput(/^Confirm password/), 'Scalpel-92-Forceps');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0].body).toMatchObject({
      account_type: 'business',
      profile: { hospital_name: 'Mayo Hospital', license_number: 'LHR-1234' },
    });
  });
});
