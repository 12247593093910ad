import { expect, test } from './fixtures.ts';
import { bearer, registerAccount, shoot, signIn, staffSession } from './support/session.ts';

test('staff set how long a cart waits before its owner is reminded, and the code the mail offers', async ({ page, request, pageErrors }, testInfo) => {
  await signIn(page, await staffSession(request));
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Cart reminders' }).click();
  await expect(page).toHaveURL(/\/staff\/cart-reminders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cart reminders' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Cart reminder settings' });
  const hours = form.getByRole('textbox', { name: /^Hours before a cart counts as left behind/ });
  const code = form.getByRole('textbox', { name: /^Promo code offered/ });
  await expect(form.getByRole('checkbox', { name: 'Send reminders about carts left behind' })).toBeChecked();

  await code.fill('NOSUCHCODE');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(code).toHaveAccessibleDescription(/No promo code has this code\./);
  // The browser logs the 400 answer that refused the code; that one is expected.
  const refused = pageErrors.filter((line) => line.includes('status of 400'));
  expect(refused).toHaveLength(1);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((line) => !refused.includes(line)));

  await hours.fill('6');
  await code.fill('welcome10');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Carts left for 6 hours are reminded.')).toBeVisible();
  await shoot(page, testInfo, 'staff-cart-reminders');

  await page.reload();
  await expect(hours).toHaveValue('6');
  await expect(code).toHaveValue('WELCOME10');

  await page.goto('/staff/cart-reminders?lang=ar');
  await expect(page.getByRole('heading', { level: 1, name: 'تذكيرات السلة' })).toBeVisible();
  await shoot(page, testInfo, 'staff-cart-reminders-ar');

  // Back as the shop starts, for the other journeys on this shop.
  const restored = await request.put('/api/staff/cart-reminders/', {
    headers: bearer(await staffSession(request)), data: { enabled: true, idle_hours: 24, promo_code: null },
  });
  expect(restored.ok()).toBe(true);
});

test('a buyer turns reminders about their cart off in their notification settings', async ({ page, request }, testInfo) => {
  const { session } = await registerAccount(request, testInfo, 'individual');
  await signIn(page, session);
  await page.goto('/profile/settings?tab=notifications');
  const reminders = page.getByRole('switch', { name: 'Reminders about my cart' });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await expect(page.getByText('Your notification settings have been updated.')).toBeVisible();
  await expect(reminders).not.toBeChecked();
  await shoot(page, testInfo, 'notification-settings');

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Reminders about my cart' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
  const me = await (await request.get('/api/auth/me/', { headers: bearer(session) })).json() as { preferences: { notifications: unknown } };
  expect(me.preferences.notifications).toEqual({ email: true, sms: false, push: false, cartReminders: false });
});
