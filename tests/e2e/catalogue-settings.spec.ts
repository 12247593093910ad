import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shoot, signIn, signedInPage, staffSession } from './support/session.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

/** What a product page shows for `usd` to a visitor paying in rupees at `rate` (whole rupees). */
const rupees = (usd: string, rate: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PKR', maximumFractionDigits: 0, minimumFractionDigits: 0 })
    .format(Math.round(Number(usd) * rate)).replace(/\u00a0/g, ' ');

async function openAsStaff(page: Page, request: Parameters<typeof staffSession>[0], path: string) {
  await signIn(page, await staffSession(request));
  await page.goto(path);
}

test('staff create a category, rename it, and buyers find it under its new name', async ({ page, request }, testInfo) => {
  const name = `Bone Instruments ${unique()}`;
  const renamed = `Orthopaedic Instruments ${unique()}`;
  await openAsStaff(page, request, '/staff/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();

  const form = page.getByRole('form', { name: 'New category' });
  await form.getByRole('textbox', { name: /^Name/ }).first().fill(name);
  await form.getByRole('textbox', { name: /^Description/ }).first().fill('Osteotomes, bone cutters and rongeurs.');
  await form.getByRole('button', { name: 'Create category' }).click();
  const row = page.getByTestId('category-row').filter({ hasText: name });
  await expect(row).toContainText('0 products');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: `Edit ${name}` });
  await edit.getByRole('textbox', { name: /^Name/ }).first().fill(renamed);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('category-row').filter({ hasText: renamed })).toBeVisible();
  await shoot(page, testInfo, 'staff-categories');

  await page.goto('/categories');
  await expect(page.getByText(renamed).first()).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);

  await page.goto('/staff/categories');
  await page.getByTestId('category-row').filter({ hasText: renamed }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('category-row').filter({ hasText: renamed })).toHaveCount(0);
});

test('staff create a promo code and see it listed with its terms', async ({ page, request }, testInfo) => {
  const code = `EID${unique()}`;
  await openAsStaff(page, request, '/staff/promo-codes');
  const form = page.getByRole('form', { name: 'New promo code' });
  await form.getByRole('textbox', { name: /^Code/ }).fill(code.toLowerCase());
  await form.getByRole('textbox', { name: /^Percent off/ }).fill('12.5');
  await form.getByRole('textbox', { name: /^Minimum subtotal/ }).fill('50');
  await form.getByRole('textbox', { name: /^Uses in total/ }).fill('100');
  await form.getByRole('button', { name: 'Create code' }).click();

  const row = page.getByTestId('promo-row').filter({ hasText: code });
  await expect(row).toContainText('12.5% off orders of $50.00 or more');
  await expect(row.getByTestId('promo-usage')).toHaveText('Used 0 of 100 times · no limit per customer · $0.00 discount given');
  await shoot(page, testInfo, 'staff-promo-codes');
});

test('a new USD to PKR rate changes the rupee price a visitor sees on the next page', async ({ page, request, browser, baseURL }, testInfo) => {
  const { results } = (await (await request.get('/api/products/?ordering=price&page_size=1')).json()) as {
    results: Array<{ slug: string; name: string; price: string }>;
  };
  const product = results[0]!;
  const before = Number(((await (await request.get('/api/exchange-rates')).json()) as { rates: { PKR: string } }).rates.PKR);
  const after = before + 21.25;

  // A signed-out visitor who picked rupees, in a browser of their own.
  const visitor = await signedInPage(browser, baseURL!, null);
  await visitor.addInitScript(() => localStorage.setItem('shop.currency', 'PKR'));
  await visitor.goto(`/products/${product.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(visitor.getByText(rupees(product.price, before)).first()).toBeVisible();

  await openAsStaff(page, request, '/staff/exchange-rates');
  const card = page.getByTestId('rate-PKR');
  await card.getByRole('textbox', { name: /^PKR per US dollar/ }).fill(String(after));
  await card.getByRole('button', { name: 'Save rate' }).click();
  await expect(card.getByTestId('current-rate')).toContainText(`1 USD = ${after} PKR`);
  await expect(card.getByRole('row').nth(1)).toContainText(`${before} → ${after}`);
  await shoot(page, testInfo, 'staff-exchange-rates');

  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(visitor.getByText(rupees(product.price, after)).first()).toBeVisible();
  await visitor.context().close();
});
