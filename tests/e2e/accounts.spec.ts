import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bearer, PASSWORD, registerAccount, shoot } from './support/session.ts';
import { linkFromMail } from './mailbox.ts';

const NEW_PASSWORD = 'Hemostat-Trocar-83';

function uniqueEmail(kind: string, testInfo: TestInfo): string {
  return `e2e-${kind}-${testInfo.project.name}-${Date.now()}@example.com`;
}

async function openUserMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test('an individual registers, verifies the email, resets the password and returns to the page that needed sign-in', async ({ page }, testInfo) => {
  const email = uniqueEmail('individual', testInfo);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await shoot(page, testInfo, 'login');

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Amna');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Khan');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+92 300 1234567');
  await page.getByRole('combobox', { name: 'Specialty' }).selectOption('cardiology');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await shoot(page, testInfo, 'register-individual');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Amna Khan' })).toBeVisible();

  await page.goto(await linkFromMail(email, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
  await expect(page.getByText('Email verified', { exact: true })).toBeVisible();
  await shoot(page, testInfo, 'verify-email-success');

  await openUserMenu(page, 'Amna Khan');
  await expect(page.getByRole('menu')).toContainText(email);
  await expect(page.getByRole('menuitem', { name: 'Inventory' })).toHaveCount(0);
  await shoot(page, testInfo, 'user-menu');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null]);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The login form has an email field too: wait for the reset page before typing.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText('Reset email sent')).toBeVisible();
  await shoot(page, testInfo, 'forgot-password-sent');

  await page.goto(await linkFromMail(email, '/reset-password'));
  await expect(page.getByText(/valid for 1 hour/)).toBeVisible();
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await shoot(page, testInfo, 'reset-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password reset successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Welcome back, Amna!')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(email);
  await expect(page.getByText('Email verified')).toBeVisible();
  await shoot(page, testInfo, 'account');
});

test('a business registers and sees its name in the user menu', async ({ page }, testInfo) => {
  const email = uniqueEmail('business', testInfo);

  await page.goto('/register');
  await page.getByRole('tab', { name: 'Business' }).click();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'First name' }).fill('Bilal');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Ahmed');
  await page.getByRole('textbox', { name: 'Work email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Company name' }).fill('Mayo Hospital Lahore');
  await page.getByRole('textbox', { name: 'Business license' }).fill('LHR-PHC-20931');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await shoot(page, testInfo, 'register-business');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await openUserMenu(page, 'Bilal Ahmed');
  await expect(page.getByRole('menu')).toContainText('Bilal Ahmed');
  await expect(page.getByRole('menu')).toContainText(email);
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Mayo Hospital Lahore');
  await expect(page.getByText('Business account')).toBeVisible();
  await expect(page.getByText('Email not verified')).toBeVisible();
  await shoot(page, testInfo, 'account-business');

  await openUserMenu(page, 'Bilal Ahmed');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

async function signInWithForm(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('on a shared computer, the next buyer to sign in never sees the last one’s wishlist', async ({ page, request }, testInfo) => {
  const first = await registerAccount(request, testInfo, 'individual', { verify: false, firstName: 'Hina' });
  const second = await registerAccount(request, testInfo, 'individual', { verify: false, firstName: 'Omar' });
  const product = (await (await request.get('/api/products/?page_size=1')).json()).results[0] as { id: number; name: string };
  expect((await request.post(`/api/wishlist/${product.id}`, { headers: bearer(first.session) })).ok()).toBe(true);

  await page.goto('/login');
  await signInWithForm(page, first.email);
  await openUserMenu(page, 'Hina Malik');
  await page.getByRole('menuitem', { name: 'My Wishlist' }).click();
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await openUserMenu(page, 'Hina Malik');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();

  // The same tab and no reload: only the page's own cache could carry the first buyer's list over.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await signInWithForm(page, second.email);
  await openUserMenu(page, 'Omar Malik');
  await page.getByRole('menuitem', { name: 'My Wishlist' }).click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await expect(page.getByRole('heading', { name: product.name })).toHaveCount(0);
  await shoot(page, testInfo, 'wishlist-next-buyer');
});
