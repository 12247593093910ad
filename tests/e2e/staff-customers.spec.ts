import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { formatMoney } from '../../src/web/i18n/format.ts';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { paidOrder } from './support/paid-order.ts';
import { bearer, registerAccount, shoot, signedInPage, staffMemberSession, staffSession, type Session } from './support/session.ts';

const widthOf = (testInfo: TestInfo) => (testInfo.project.name === 'mobile' ? 390 : 1280);

/** A buyer who paid for one order: their email, the order's number and its total as the buyer's own page gives it. */
async function buyerWhoOrdered(request: APIRequestContext, testInfo: TestInfo) {
  const { session, orderNumber } = await paidOrder(request, testInfo);
  const headers = bearer(session);
  const { email } = (await (await request.get('/api/auth/me/', { headers })).json()) as { email: string };
  const { order } = (await (await request.get(`/api/orders/track/${orderNumber}`, { headers })).json()) as { order: { total: number } };
  return { email, orderNumber, total: order.total };
}

async function staffPage(request: APIRequestContext, baseURL: string, testInfo: TestInfo, browser: Parameters<typeof signedInPage>[0], session?: Session) {
  return signedInPage(browser, baseURL, session ?? await staffSession(request), { width: widthOf(testInfo), height: 900 });
}

const words = {
  en: { search: 'Search customers', found: '1 customer', open: 'Open: Sana Malik', summary: 'Summary', value: 'Lifetime value', orders: 'Orders',
    notes: 'Notes', note: /^New note/, add: 'Add note', added: 'Note added.' },
  ar: { search: 'البحث عن عملاء', found: 'عميل واحد', open: 'فتح: Sana Malik', summary: 'ملخص', value: 'القيمة الإجمالية', orders: 'الطلبات',
    notes: 'الملاحظات', note: /^ملاحظة جديدة/, add: 'إضافة ملاحظة', added: 'أُضيفت الملاحظة.' },
} as const;

/** Staff search for the buyer by email, open them, see the order and lifetime value, and leave a note. */
async function findAndNote(staff: Page, testInfo: TestInfo, buyer: Awaited<ReturnType<typeof buyerWhoOrdered>>, lang: 'en' | 'ar') {
  const w = words[lang];
  const width = widthOf(testInfo);
  await staff.goto(lang === 'en' ? '/staff/customers' : '/staff/customers?lang=ar');
  await staff.getByRole('searchbox', { name: w.search }).fill(buyer.email);
  await expect(staff.getByText(w.found, { exact: true })).toBeVisible();
  const row = staff.getByRole('listitem').filter({ hasText: buyer.email });
  await expect(row).toContainText(formatMoney(buyer.total, 'USD', lang));
  await shoot(staff, testInfo, `customers-list-${lang}-${width}`);

  await row.getByRole('link', { name: w.open }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Sana Malik' })).toBeVisible();
  await expect(staff).toHaveURL(/\/staff\/customers\/[0-9a-f-]{36}/);
  const summary = staff.getByRole('region', { name: w.summary });
  await expect(summary.getByRole('definition').first()).toHaveText(formatMoney(buyer.total, 'USD', lang));
  await expect(summary.getByRole('term').first()).toHaveText(w.value);
  const orders = staff.getByRole('region', { name: w.orders, exact: true });
  await expect(orders.getByRole('link', { name: buyer.orderNumber })).toHaveAttribute('href', `/staff/orders/${buyer.orderNumber}`);

  const notes = staff.getByRole('region', { name: w.notes });
  const text = `Called ${lang} ${width}: prefers delivery before noon.`;
  await notes.getByRole('textbox', { name: w.note }).fill(text);
  await notes.getByRole('button', { name: w.add }).click();
  await expect(staff.getByText(w.added)).toBeVisible();
  await expect(notes.getByText(text)).toBeVisible();
  await expect(notes.getByRole('textbox', { name: w.note })).toHaveValue('');
  await shoot(staff, testInfo, `customer-page-${lang}-${width}`);
  // Reached from the list only, so checked here rather than with every route.
  const serious = (await axeViolations(staff, '[data-sonner-toaster]')).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The note is kept: the page opened again shows it.
  await staff.goto(`${new URL(staff.url()).pathname}${lang === 'en' ? '' : '?lang=ar'}`);
  await expect(staff.getByRole('region', { name: w.notes }).getByText(text)).toBeVisible();
  return text;
}

test('staff find a buyer by email, open them, see their order and lifetime value, and add a note', async ({ browser, request, baseURL }, testInfo) => {
  const buyer = await buyerWhoOrdered(request, testInfo);
  const staff = await staffPage(request, baseURL!, testInfo, browser);
  await findAndNote(staff, testInfo, buyer, 'en');
  const scroll = await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll, 'no sideways scrolling').toBe(0);
});

test('the same in Arabic, right to left', async ({ browser, request, baseURL }, testInfo) => {
  const buyer = await buyerWhoOrdered(request, testInfo);
  const staff = await staffPage(request, baseURL!, testInfo, browser);
  await findAndNote(staff, testInfo, buyer, 'ar');
  await expect(staff.locator('html')).toHaveAttribute('dir', 'rtl');
  const scroll = await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll, 'no sideways scrolling').toBe(0);
});

test("a catalogue member finds a hospital's buyer by its organisation, without the buyer's personal details", async ({
  browser, request, baseURL,
}, testInfo) => {
  const { email } = await registerAccount(request, testInfo, 'business');
  const staff = await staffPage(request, baseURL!, testInfo, browser, await staffMemberSession(request, testInfo, 'catalogue'));
  await staff.goto('/staff/customers');
  const search = staff.getByRole('searchbox', { name: 'Search customers' });
  await expect(staff.getByText(/names, emails and phones are for the roles that handle orders/)).toBeVisible();
  await search.fill(email);
  await expect(staff.getByText('No customers match.')).toBeVisible();

  await search.fill('Mayo Hospital Lahore');
  const rows = staff.getByRole('listitem').filter({ hasText: 'Organisation: Mayo Hospital Lahore' });
  await expect(rows.first()).toBeVisible();
  await expect(staff.getByRole('main')).not.toContainText('@example.com');
  await rows.first().getByRole('link', { name: 'Open: Mayo Hospital Lahore' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Mayo Hospital Lahore' })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Profile' })).toContainText('shown to the roles that handle orders');
  await expect(staff.getByRole('region', { name: 'Organisations' })).toContainText('Mayo Hospital Lahore');
  await expect(staff.getByRole('region', { name: 'Notes' }).getByRole('button', { name: 'Add note' })).toHaveCount(0);
  await expect(staff.getByRole('main')).not.toContainText('@example.com');
  await shoot(staff, testInfo, `customer-page-catalogue-${widthOf(testInfo)}`);
});
