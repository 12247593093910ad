import type { Browser, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { pdfText } from '../../src/server/test/pdf-text.ts';
import { expect, test } from './fixtures.ts';
import { addToCart } from './support/cart.ts';
import { joinAs, joinLink, memberEmail } from './support/organisation.ts';
import { bearer, registerAccount, shoot, signedInPage, staffSession, type Session } from './support/session.ts';

const PASSWORD = 'Haemostat-Ledger-58';
const ORGANISATION = 'Mayo Hospital Lahore';

/** A page of its own, in Arabic when asked (the visitor's stored choice). */
async function pageIn(browser: Browser, baseURL: string, session: Session | null, viewport: { width: number; height: number }, arabic = false) {
  const page = await signedInPage(browser, baseURL, session, viewport);
  if (arabic) await page.context().addInitScript(() => localStorage.setItem('shop.locale', 'ar'));
  return page;
}

async function invite(page: Page, email: string, role: string) {
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByRole('textbox', { name: /^Email/ }).fill(email);
  await form.getByRole('combobox', { name: /^Role/ }).selectOption(role);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('organisation-member').filter({ hasText: email })).toContainText('Invitation sent');
  await expect(form.getByRole('textbox', { name: /^Email/ })).toHaveValue('');
}

/** No part of the page is wider than the screen. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test("a verified business's admin invites a buyer, an approver and a finance clerk; the buyer joins from the mail, the clerk declines from it and the admin withdraws the approver's invitation", async ({
  browser, request, baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const shot = (page: Page, name: string) => shoot(page, testInfo, `${name}-${testInfo.project.name}`);
  // Registering a business account makes its organisation (pending review) with the account as its admin.
  const { email: adminEmail, session } = await registerAccount(request, testInfo, 'business');
  const buyerEmail = memberEmail('buyer');
  const approverEmail = memberEmail('approver');
  const clerkEmail = memberEmail('finance');

  const admin = await pageIn(browser, baseURL!, session, viewport);
  await admin.goto('/');
  await admin.getByRole('button', { name: /Account menu/ }).click();
  await admin.getByRole('menuitem', { name: 'Organisation' }).click();
  await expect(admin).toHaveURL(/\/profile\/organisation$/);
  await expect(admin.getByRole('heading', { level: 1, name: ORGANISATION })).toBeVisible();
  await expect(admin.getByTestId('organisation-member').filter({ hasText: adminEmail })).toContainText('You');
  // Until the shop has verified the organisation, nobody is invited.
  await expect(admin.getByTestId('invite-after-review')).toHaveText('Your organisation can invite members once the shop has verified it.');
  await expect(admin.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await shot(admin, 'organisation-under-review');
  const organisationId = (await (await request.get('/api/organisations/mine/', { headers: bearer(session) })).json()).organisation.id;
  const staff = await staffSession(request);
  expect((await request.post(`/api/staff/organisations/${organisationId}/approve/`, { headers: bearer(staff) })).ok()).toBe(true);
  await admin.reload();
  await invite(admin, buyerEmail, 'buyer');
  await invite(admin, approverEmail, 'approver');
  await invite(admin, clerkEmail, 'finance');
  // Until they accept, an invitation shows its address, role and date: no name.
  const pending = admin.getByTestId('organisation-member').filter({ hasText: clerkEmail });
  await expect(pending).toContainText('Finance');
  await expect(pending).toContainText(/Invited \w{3} \d{1,2}, \d{4}/);
  await fitsTheScreen(admin);
  await shot(admin, 'organisation-invited');

  // The clerk opens the mailed link signed out, in Arabic, and declines: the invitation is gone from the admin's list.
  const clerk = await pageIn(browser, baseURL!, null, viewport, true);
  await clerk.goto(await joinLink(clerkEmail));
  await expect(clerk.getByRole('heading', { level: 1, name: `الانضمام إلى ${ORGANISATION}` })).toBeVisible();
  await fitsTheScreen(clerk);
  await shot(clerk, 'join-decline-ar');
  await clerk.getByRole('button', { name: 'رفض الدعوة' }).click();
  await expect(clerk.getByRole('heading', { level: 1, name: 'رُفضت الدعوة' })).toBeVisible();
  await fitsTheScreen(clerk);
  await shot(clerk, 'declined-ar');
  await clerk.context().close();
  await admin.reload();
  await expect(admin.getByTestId('organisation-member').filter({ hasText: adminEmail })).toBeVisible();
  await expect(admin.getByTestId('organisation-member').filter({ hasText: clerkEmail })).toHaveCount(0);

  // The approver's link, signed out, in English and Arabic: a new account chooses its name and password.
  const approverLink = await joinLink(approverEmail);
  for (const arabic of [false, true]) {
    const visitor = await pageIn(browser, baseURL!, null, viewport, arabic);
    await visitor.goto(approverLink);
    await expect(visitor.getByRole('heading', { level: 1, name: arabic ? `الانضمام إلى ${ORGANISATION}` : `Join ${ORGANISATION}` })).toBeVisible();
    await expect(visitor.getByRole('textbox', { name: arabic ? /^البريد الإلكتروني/ : /^Email address/ })).toHaveValue(approverEmail);
    await fitsTheScreen(visitor);
    await shot(visitor, `join${arabic ? '-ar' : ''}`);
    await visitor.context().close();
  }

  // The buyer opens the mailed link signed out, sets a name and password, and lands signed in on the organisation.
  const buyer = await pageIn(browser, baseURL!, null, viewport);
  await buyer.goto(await joinLink(buyerEmail));
  await expect(buyer.getByRole('heading', { level: 1, name: `Join ${ORGANISATION}` })).toBeVisible();
  await buyer.getByRole('textbox', { name: /^First name/ }).fill('Usman');
  await buyer.getByRole('textbox', { name: /^Last name/ }).fill('Tariq');
  await buyer.getByLabel(/^Password/).fill(PASSWORD);
  await buyer.getByLabel(/^Confirm password/).fill(PASSWORD);
  await buyer.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(buyer).toHaveURL(/\/profile\/organisation$/);
  await expect(buyer.getByRole('heading', { level: 1, name: ORGANISATION })).toBeVisible();
  const buyerRows = buyer.getByTestId('organisation-member');
  await expect(buyerRows.filter({ hasText: buyerEmail })).toContainText('Usman Tariq');
  await expect(buyerRows.filter({ hasText: buyerEmail })).toContainText('Buyer');
  await expect(buyerRows.filter({ hasText: buyerEmail })).toContainText('You');
  await expect(buyerRows.filter({ hasText: adminEmail })).toContainText('Admin');
  await expect(buyerRows.filter({ hasText: approverEmail })).toContainText('Approver');
  // A buyer reads the list; inviting and removing are the admins'.
  await expect(buyer.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await buyer.context().close();

  // The admin sees the buyer joined, and withdraws the approver's invitation after confirming.
  await admin.reload();
  await expect(admin.getByTestId('organisation-member').filter({ hasText: buyerEmail })).toContainText('Active');
  await fitsTheScreen(admin);
  await shot(admin, 'organisation');
  await admin.getByRole('button', { name: `Remove ${approverEmail}` }).click();
  const dialog = admin.getByRole('alertdialog', { name: `Withdraw the invitation to ${approverEmail}?` });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByTestId('organisation-member').filter({ hasText: approverEmail })).toHaveCount(0);
  await expect(admin.getByText('2 members')).toBeVisible();

  // The withdrawn invitation's link no longer works.
  const late = await pageIn(browser, baseURL!, null, viewport);
  await late.goto(approverLink);
  await expect(late.getByRole('heading', { name: 'This invitation link has expired or was already used.' })).toBeVisible();
  await late.context().close();

  // The clerk who declined can be invited again.
  await invite(admin, clerkEmail, 'finance');

  // The organisation page in Arabic, right to left: signed in, the profile's language is the one shown.
  const chosen = await request.put('/api/auth/profile/', { headers: bearer(session), data: { preferences: { language: 'ar' } } });
  expect(chosen.ok()).toBe(true);
  const arabic = await pageIn(browser, baseURL!, session, viewport);
  await arabic.goto('/profile/organisation');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('heading', { level: 1, name: ORGANISATION })).toBeVisible();
  await expect(arabic.getByTestId('organisation-member').filter({ hasText: buyerEmail })).toContainText('مشترٍ');
  const invitedAgain = arabic.getByTestId('organisation-member').filter({ hasText: clerkEmail });
  await expect(invitedAgain).toContainText('أُرسلت الدعوة');
  await expect(invitedAgain).toContainText('المالية');
  await fitsTheScreen(arabic);
  await shot(arabic, 'organisation-ar');
  await arabic.context().close();
});

test("an order above the organisation's per-order limit waits for an approver, who approves it from the Approvals tab; its PO number is on the invoice, and the buyer buys it again", async ({
  browser, request, baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const shot = (page: Page, name: string) => shoot(page, testInfo, `${name}-${testInfo.project.name}`);
  const { session: admin } = await registerAccount(request, testInfo, 'business');

  // Staff verify the organisation and put it on Net 30 with credit, so that its orders may be paid by invoice.
  const organisationId = (await (await request.get('/api/organisations/mine/', { headers: bearer(admin) })).json()).organisation.id;
  const staff = await staffSession(request);
  expect((await request.post(`/api/staff/organisations/${organisationId}/approve/`, { headers: bearer(staff) })).ok()).toBe(true);
  const terms = await request.patch(`/api/staff/organisations/${organisationId}/`, {
    headers: bearer(staff), data: { payment_terms: 'net30', credit_limit: '50000.00' },
  });
  expect(terms.status(), await terms.text()).toBe(200);

  const buyer = await joinAs(request, admin, 'buyer', 'Usman');
  const approver = await joinAs(request, admin, 'approver', 'Sara');
  const poNumber = `PO-MHL-${Date.now().toString(36).toUpperCase()}`;

  // On the Purchasing tab the admin requires PO numbers, adds the buyer's department and sets a $1 per-order limit.
  const adminPage = await pageIn(browser, baseURL!, admin, viewport);
  await adminPage.goto('/profile/organisation?tab=purchasing');
  const poSwitch = adminPage.getByRole('switch', { name: /Every order needs a purchase-order number/ });
  await poSwitch.click();
  await expect(poSwitch).toBeChecked();
  await adminPage.getByRole('button', { name: 'Add department' }).click();
  const form = adminPage.getByTestId('department-form');
  await form.getByRole('textbox', { name: /^Name/ }).fill('Cardiac Theatre');
  await form.getByRole('textbox', { name: /^Cost centre/ }).fill('CC-410');
  const billTo = form.getByRole('group', { name: 'Bill-to address' });
  for (const [label, value] of [['Email', 'accounts@mayo.example'], ['First name', 'Accounts'], ['Last name', 'Office'],
    ['Address', 'Hospital Road'], ['City', 'Lahore'], ['Postal code', '54000'], ['Phone', '+92 42 99211100']] as const) {
    await billTo.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
  }
  await form.getByRole('button', { name: 'Copy the bill-to address into delivery address 1' }).click();
  await form.getByRole('group', { name: 'Delivery address 1' }).getByRole('textbox', { name: /^Address/ }).fill('1 Jail Road, Cardiac Theatre');
  await form.getByRole('checkbox', { name: /Usman/ }).check();
  await form.getByRole('button', { name: 'Add department' }).click();
  await expect(adminPage.getByTestId('department-form')).toHaveCount(0);
  await expect(adminPage.getByRole('main')).toContainText('Cardiac Theatre');
  await adminPage.getByRole('textbox', { name: 'Per order (USD) — Whole organisation' }).fill('1.00');
  await adminPage.getByRole('button', { name: 'Save the limits of Whole organisation' }).click();
  await expect.poll(async () => (await (await request.get('/api/organisation/limits/', { headers: bearer(admin) })).json()).limits)
    .toEqual([expect.objectContaining({ per_order: '1.00', per_month: null, member_id: null, department_id: null })]);
  await fitsTheScreen(adminPage);
  await shot(adminPage, 'purchasing');
  await adminPage.context().close();

  // The buyer's cart: one unit of a product anyone may buy.
  const list = await (await request.get('/api/products/?in_stock=true&ordering=name&page_size=50')).json();
  const product = (list.results as { id: number; slug: string; name: string; stock_quantity: number; licence_required: boolean }[])
    .find((item) => !item.licence_required && item.stock_quantity >= 5)!;
  expect((await addToCart(request, bearer(buyer), product)).ok()).toBe(true);

  // Checking out by invoice goes over the limit: nothing is charged, and the buyer lands on the Approvals tab.
  // The buyer orders for their only department: it is chosen, with its delivery address filled in.
  const buyerPage = await pageIn(browser, baseURL!, buyer, viewport);
  await buyerPage.goto('/checkout');
  await expect(buyerPage.getByRole('combobox', { name: /^Department/ })).toHaveValue(/\d+/);
  await expect(buyerPage.getByRole('textbox', { name: /^Address/ })).toHaveValue('1 Jail Road, Cardiac Theatre');
  // The organisation requires a purchase-order number: without one the form says so on that field.
  await buyerPage.getByRole('button', { name: 'Continue to Payment' }).click();
  const poField = buyerPage.getByRole('textbox', { name: /^Purchase-order number/ });
  await expect(poField).toHaveAttribute('aria-invalid', 'true');
  await poField.fill(poNumber);
  await fitsTheScreen(buyerPage);
  await shot(buyerPage, 'checkout-department');
  await buyerPage.getByRole('button', { name: 'Continue to Payment' }).click();
  await buyerPage.getByRole('radio', { name: /Pay by invoice/ }).check();
  await buyerPage.getByRole('button', { name: /^Continue/ }).click();
  await buyerPage.getByRole('button', { name: 'Review Payment' }).click();
  await buyerPage.getByRole('button', { name: /^Pay / }).click();
  await expect(buyerPage).toHaveURL(/\/profile\/organisation\?tab=approvals$/);
  const own = buyerPage.getByTestId('approval-request');
  await expect(own).toContainText('Your request waits for an approver of the organisation.');
  await expect(own).toContainText("Above the organisation's limit of $1.00 per order");
  await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The approver sees it with Approve and Reject, in English and in Arabic (the profile's language wins).
  for (const language of ['en', 'ar'] as const) {
    const chosen = await request.put('/api/auth/profile/', { headers: bearer(approver), data: { preferences: { language } } });
    expect(chosen.ok()).toBe(true);
    const page = await pageIn(browser, baseURL!, approver, viewport);
    await page.goto('/profile/organisation?tab=approvals');
    const waiting = page.getByTestId('approval-request');
    await expect(waiting.getByRole('button', { name: language === 'ar' ? 'موافقة' : 'Approve' })).toBeVisible();
    await expect(waiting.getByRole('button', { name: language === 'ar' ? 'رفض' : 'Reject' })).toBeVisible();
    await fitsTheScreen(page);
    await shot(page, `approvals${language === 'ar' ? '-ar' : ''}`);
    if (language === 'en') {
      await page.context().close();
      continue;
    }
    // Approving places the order by invoice for the buyer.
    await waiting.getByRole('button', { name: 'موافقة' }).click();
    await expect(page.getByTestId('approvals-empty')).toBeVisible();
    await page.context().close();
  }
  const decided = (await (await request.get('/api/organisation/approvals/?status=approved', { headers: bearer(approver) })).json()).requests[0];
  expect(decided.order_number).toBeTruthy();
  await buyerPage.goto('/orders');
  const order = buyerPage.getByRole('article', { name: `Order ${decided.order_number}` });
  await expect(order).toBeVisible();

  // The invoice PDF carries the PO number the buyer gave.
  await order.getByRole('button', { name: 'View Details' }).click();
  await expect(buyerPage.getByRole('heading', { name: decided.order_number })).toBeVisible();
  await expect(buyerPage.getByText(poNumber)).toBeVisible();
  const download = buyerPage.waitForEvent('download');
  await buyerPage.getByRole('button', { name: 'Invoice' }).click();
  // Addressed to the department's bill-to, with its cost centre.
  const invoice = await pdfText(await readFile((await (await download).path())!));
  for (const text of [poNumber, 'Hospital Road', 'CC-410']) expect(invoice).toContain(text);

  // Buy again puts the order's line back into the cart at today's price and says so.
  await buyerPage.getByRole('button', { name: 'Buy Again' }).click();
  const summary = buyerPage.getByRole('status').filter({ hasText: "Added to your cart at today's prices" });
  await expect(summary).toContainText(product.name);
  await fitsTheScreen(buyerPage);
  await shot(buyerPage, 'buy-again');
  await summary.getByRole('link', { name: 'Go to Cart' }).click();
  await expect(buyerPage).toHaveURL(/\/cart$/);
  await expect(buyerPage.getByRole('main')).toContainText(product.name);
  await buyerPage.context().close();

  // The admin's reports show the order under its department, in English and in Arabic.
  for (const arabic of [false, true]) {
    const chosen = await request.put('/api/auth/profile/', { headers: bearer(admin), data: { preferences: { language: arabic ? 'ar' : 'en' } } });
    expect(chosen.ok()).toBe(true);
    const page = await pageIn(browser, baseURL!, admin, viewport);
    await page.goto('/profile/organisation?tab=reports');
    // The profile's language is applied once the account has loaded: wait for the page in it.
    await expect(page.getByRole('heading', { name: arabic ? 'الإنفاق حسب الشهر' : 'Spend by month' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Cardiac Theatre');
    await expect(page.getByRole('main')).toContainText(decided.order_number);
    await fitsTheScreen(page);
    await shot(page, `reports${arabic ? '-ar' : ''}`);
    if (arabic) {
      await page.goto('/profile/organisation?tab=purchasing');
      await expect(page.getByRole('heading', { name: 'حدود الإنفاق' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('Cardiac Theatre');
      await fitsTheScreen(page);
      await shot(page, 'purchasing-ar');
    }
    await page.context().close();
  }
});
