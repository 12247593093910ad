import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { decimalToCents, centsToDecimal } from '../../src/contracts/money.ts';
import type { SalesReport } from '../../src/contracts/sales-reports.ts';
import { expect, test } from './fixtures.ts';
import { paidOrder } from './support/paid-order.ts';
import { bearer, SCREENSHOTS, shoot, signedInPage, staffSession, type Session } from './support/session.ts';

const widthOf = (testInfo: TestInfo) => (testInfo.project.name === 'mobile' ? 390 : 1280);

/** The last 7 days as the server reports them to the owner right now. */
async function lastSevenDays(request: APIRequestContext, owner: Session) {
  const response = await request.get('/api/staff/reports/sales/', { headers: bearer(owner) });
  expect(response.status()).toBe(200);
  return (await response.json()) as SalesReport;
}

/** What the buyer's order came to, in USD cents. */
async function orderTotal(request: APIRequestContext, buyer: Session, orderNumber: string) {
  const answer = await request.get(`/api/orders/track/${orderNumber}`, { headers: bearer(buyer) });
  expect(answer.status()).toBe(200);
  return decimalToCents(((await answer.json()) as { order: { breakdown: { total: string } } }).order.breakdown.total);
}

const words = {
  en: { heading: 'Sales reports', orders: 'Orders', download: 'Download Revenue by day as CSV', chart: 'Revenue by day' },
  ar: { heading: 'تقارير المبيعات', orders: 'الطلبات', download: 'تنزيل الإيرادات حسب اليوم بصيغة CSV', chart: 'الإيرادات حسب اليوم' },
} as const;

/** The figure under a headline card's label. */
const headline = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

for (const lang of ['en', 'ar'] as const) {
  test(`the owner reads the last 7 days of sales with a buyer's new order counted, and downloads them as CSV (${lang})`, async ({ browser, request, baseURL }, testInfo) => {
    const owner = await staffSession(request);
    const before = await lastSevenDays(request, owner);
    const { session: buyer, orderNumber } = await paidOrder(request, testInfo, { quantity: 2 });
    const total = await orderTotal(request, buyer, orderNumber);
    const today = before.to;
    const todayBefore = before.by_day.at(-1)!;

    const page = await signedInPage(browser, baseURL!, owner, { width: widthOf(testInfo), height: 900 });
    await page.goto(lang === 'en' ? '/staff/reports' : '/staff/reports?lang=ar');
    await expect(page.getByRole('heading', { level: 1, name: words[lang].heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

    // The order is one more sale of the 7 days, as the server counts it, in the page's own digits.
    const digits = new Intl.NumberFormat(lang === 'ar' ? 'ar-u-nu-arab' : 'en-US');
    await expect(headline(page, words[lang].orders)).toHaveText(digits.format(before.orders + 1));
    const chart = page.getByTestId('revenue-chart');
    await expect(chart.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('figure', { name: words[lang].chart })).toBeVisible();
    await expect(page.getByTestId('products-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await shoot(page, testInfo, `sales-report-${lang}`);
    if (SCREENSHOTS) {
      for (const figure of ['revenue', 'products']) {
        await page.getByTestId(`${figure}-chart`).locator('xpath=ancestor::figure').screenshot({ path: testInfo.outputPath(`sales-${figure}-chart-${lang}.png`) });
      }
    }

    // Today's line of the CSV holds it: one more order, and its total on the gross.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: words[lang].download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^sales-days-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.csv$`));
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,orders,gross_usd,refunds_usd,net_usd');
    expect(lines).toHaveLength(8);
    const [date, orders, gross] = lines.at(-1)!.split(',');
    expect({ date, orders: Number(orders), gross }).toEqual({
      date: today, orders: todayBefore.orders + 1, gross: centsToDecimal(decimalToCents(todayBefore.gross) + total),
    });
    await page.close();
  });
}

test('the owner picks last month, then days of their own', async ({ browser, request, baseURL }, testInfo) => {
  const owner = await staffSession(request);
  const page = await signedInPage(browser, baseURL!, owner, { width: widthOf(testInfo), height: 900 });
  await page.goto('/staff/reports');
  const lastSevenDays = (await page.getByTestId('sales-range').textContent())!;
  await page.getByRole('combobox', { name: 'Period' }).selectOption('lastMonth');
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  // The address changes before the page shows the month: a choice made in between would be read against the old range.
  await expect(page.getByTestId('sales-range')).not.toHaveText(lastSevenDays);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('custom');
  await page.getByLabel('First day').fill('2026-03-10');
  await page.getByLabel('Last day').fill('2026-03-01');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByText('Choose a last day on or after the first day.')).toBeVisible();
  await page.getByLabel('Last day').fill('2026-03-12');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page).toHaveURL(/from=2026-03-10&to=2026-03-12/);
  await expect(page.getByTestId('sales-range')).toHaveText('March 10, 2026 to March 12, 2026, both included (UTC days).');
  await expect(page.getByRole('region', { name: 'Revenue by day' }).getByRole('row')).toHaveCount(4);
  await page.close();
});
