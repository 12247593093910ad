import { expect, test } from './fixtures.ts';
import { linkFromMail } from './mailbox.ts';
import { shoot, signIn, signedInPage, staffMemberSession, staffSession } from './support/session.ts';

const PASSWORD = 'Haemostat-Ledger-58';
const staffEmail = (role: string) => `e2e-${role}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
test('the owner invites a catalogue manager, who sets a password from the mailed link and sees only their screens', async ({ page, request, browser, baseURL }, testInfo) => {
  const email = staffEmail('catalogue');
  await signIn(page, await staffSession(request));
  await page.goto('/staff/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff & roles' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Invite a staff member' });
  await form.getByRole('textbox', { name: /^Email/ }).fill(email);
  await form.getByRole('combobox', { name: /^Role/ }).selectOption('catalogue');
  await expect(form.getByTestId('role-reach')).toContainText('Flash sales');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const row = page.getByTestId('staff-member').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  await shoot(page, testInfo, 'staff-members');

  const invitee = await signedInPage(browser, baseURL!, null);
  await invitee.goto(await linkFromMail(email, '/staff/invite'));
  await expect(invitee.getByText(`You are invited as ${email}.`)).toBeVisible();
  await invitee.getByRole('textbox', { name: /^First name/ }).fill('Imran');
  await invitee.getByRole('textbox', { name: /^Last name/ }).fill('Qureshi');
  await invitee.getByLabel(/^Password/).fill(PASSWORD);
  await invitee.getByLabel(/^Confirm password/).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Accept and sign in' }).click();

  // Signed in, on the first screen of the catalogue role.
  await expect(invitee).toHaveURL(/\/staff\/products$/);
  await invitee.getByRole('button', { name: 'Account menu for Imran Qureshi' }).click();
  await expect(invitee.getByRole('menuitem', { name: 'Products' })).toBeVisible();
  await expect(invitee.getByRole('menuitem', { name: 'Flash sales' })).toBeVisible();
  await expect(invitee.getByRole('menuitem', { name: 'Categories' })).toBeVisible();
  await expect(invitee.getByRole('menuitem', { name: 'Inventory' })).toHaveCount(0);
  await expect(invitee.getByRole('menuitem', { name: 'Manage Orders' })).toHaveCount(0);
  await expect(invitee.getByRole('menuitem', { name: 'Staff & roles' })).toHaveCount(0);
  await invitee.context().close();

  await page.reload();
  await expect(page.getByTestId('staff-member').filter({ hasText: email })).toContainText('Active');
});

test('a fulfilment member is sent home from the products screen with the staff-only notice', async ({ page, request }, testInfo) => {
  await signIn(page, await staffMemberSession(request, testInfo, 'fulfilment'));
  await page.goto('/staff/products');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Admin Access Required')).toBeVisible();
});
