import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { gtinCheckDigit } from '../../src/contracts/gs1.ts';
import { expect, test } from './fixtures.ts';
import { shoot } from './support/session.ts';
import { variantToBuy } from './support/cart.ts';
import { payByCard } from './support/checkout.ts';

const PASSWORD = 'Osteotome-Lot-2031';

interface Tokens {
  token: string;
  refreshToken: string;
}

async function signedInPage(browser: Browser, baseURL: string, tokens: Tokens) {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport ?? undefined });
  await context.addInitScript(([token, refreshToken]) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refreshToken);
    }
  }, [tokens.token, tokens.refreshToken]);
  return context.newPage();
}

async function registerBuyer(request: APIRequestContext, name: string): Promise<Tokens> {
  const response = await request.post('/api/auth/register/', {
    data: {
      email: `e2e-recall-${name}-${test.info().project.name}-${Date.now()}@example.com`,
      first_name: name, last_name: 'Surgeon', password: PASSWORD, password_confirm: PASSWORD, account_type: 'individual',
      profile: { phone: '+92 300 1234567', specialty: 'general' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Tokens;
}

/** YYMMDD `days` from today, as a label prints it. */
const yymmdd = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(2, 10).replace(/-/g, '');

async function receiveLot(staff: Page, product: { name: string; variantId: number }, gs1: string, quantity: number, lot: string) {
  await staff.getByRole('button', { name: /Add Stock/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Receive stock' });
  await dialog.getByRole('searchbox', { name: 'Find product' }).fill(product.name);
  await expect(dialog.locator(`option[value="${product.variantId}"]`)).toHaveCount(1);
  await dialog.getByRole('combobox', { name: /Product/ }).selectOption(String(product.variantId));
  await dialog.getByRole('textbox', { name: /GS1 code/ }).fill(gs1);
  await expect(dialog.getByTestId('gs1-preview')).toContainText(lot);
  await dialog.getByRole('spinbutton', { name: /Quantity/ }).fill(String(quantity));
  return dialog;
}

test('a recall of one lot reaches only that lot’s buyer, who acknowledges it', async ({ page, browser, request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  // A product sold in one variant, so receiving, buying and recalling all name the same stock; not a set, whose stock
  // is its instruments'.
  const list = await (await request.get('/api/products/?category=general-surgery&in_stock=true&ordering=name&page_size=100')).json();
  const plain = [];
  for (const item of list.results as { id: number; slug: string; name: string; variant_count: number }[]) {
    if (item.variant_count !== 1) continue;
    const detail = (await (await request.get(`/api/products/${item.slug}/`)).json()) as { variants: { set?: unknown }[] };
    if (!detail.variants[0].set) plain.push(item);
    if (plain.length === 2) break;
  }
  const listed = plain[project === 'desktop' ? 0 : 1]!;
  const product = { ...listed, variantId: (await variantToBuy(request, listed)).id };
  const first13 = `0896777${String(product.id).padStart(6, '0')}`;
  const gtin = `${first13}${gtinCheckDigit(first13)}`;
  const lotA = `RA-${project.slice(0, 3).toUpperCase()}${product.id}`;
  const lotB = `RB-${project.slice(0, 3).toUpperCase()}${product.id}`;

  // Staff receive two lots by scanning: the parenthesised form, then the raw form with a typed group separator.
  const staffTokens = (await (await request.post('/api/auth/login/', { data: E2E_ADMIN })).json()) as Tokens;
  const staff = await signedInPage(browser, baseURL!, staffTokens);
  await staff.goto('/inventory');
  await expect(staff.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  let dialog = await receiveLot(staff, product, `(01)${gtin}(17)${yymmdd(40)}(10)${lotA}`, 2, lotA);
  await shoot(staff, testInfo, 'recall-receive-gs1');
  await dialog.getByRole('button', { name: 'Receive stock' }).click();
  await expect(dialog).toBeHidden();
  dialog = await receiveLot(staff, product, `01${gtin}10${lotB}<GS>17${yymmdd(400)}`, 3, lotB);
  await dialog.getByRole('button', { name: 'Receive stock' }).click();
  await expect(dialog).toBeHidden();

  // The product page shows the lot the next order ships from.
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByTestId('product-handling')).toContainText('Ships from a lot expiring');

  // The first buyer takes both units of the earlier lot, paying by card; the second gets the later lot.
  const firstTokens = await registerBuyer(request, 'Amina');
  const first = await signedInPage(browser, baseURL!, firstTokens);
  const add = (tokens: Tokens, quantity: number) => request.post('/api/cart/add-item/', {
    headers: { authorization: `Bearer ${tokens.token}` }, data: { product_id: product.id, quantity },
  });
  expect((await add(firstTokens, 2)).ok()).toBe(true);
  await payByCard(first);
  const secondTokens = await registerBuyer(request, 'Bilal');
  const second = await signedInPage(browser, baseURL!, secondTokens);
  expect((await add(secondTokens, 1)).ok()).toBe(true);
  await payByCard(second);

  // Staff open a recall on the first lot.
  await staff.goto('/staff/recalls');
  await expect(staff.getByRole('heading', { name: 'Recalls', level: 1 })).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Find product' }).fill(product.name);
  await expect(staff.locator(`option[value="${product.variantId}"]`)).toHaveCount(1);
  await staff.getByRole('combobox', { name: /Product/ }).selectOption(String(product.variantId));
  await staff.getByRole('checkbox', { name: new RegExp(lotA) }).check();
  await expect(staff.getByRole('checkbox', { name: new RegExp(lotB) })).not.toBeChecked();
  await staff.getByRole('textbox', { name: /Reason/ }).fill('Sterile barrier seal may be compromised in this lot.');
  await shoot(staff, testInfo, 'recall-open-form');
  await staff.getByRole('button', { name: 'Open recall' }).click();
  await expect(staff.getByText('1 affected order was notified.')).toBeVisible();
  const card = staff.getByTestId('recall-card').filter({ hasText: lotA });
  await expect(card.getByTestId('recall-progress')).toHaveText('1 order · 1 notified · 0 acknowledged · 0 returned');

  // Only the first buyer sees the banner, and acknowledges it.
  await first.goto('/orders');
  const banner = first.getByTestId('recall-banner');
  await expect(banner).toHaveCount(1);
  await expect(banner).toContainText(`lot ${lotA}`);
  await shoot(first, testInfo, 'recall-banner');
  await banner.getByRole('button', { name: 'Acknowledge and request return' }).click();
  await expect(banner).toContainText('Return requested');
  await shoot(first, testInfo, 'recall-acknowledged');

  await second.goto('/orders');
  await expect(second.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  await expect(second.getByRole('heading', { level: 3, name: /^SS-/ })).toHaveCount(1);
  await expect(second.getByTestId('recall-banner')).toHaveCount(0);

  await staff.reload();
  await expect(card.getByTestId('recall-progress')).toHaveText('1 order · 1 notified · 1 acknowledged · 0 returned');
  await card.getByRole('button', { name: 'Show affected orders' }).click();
  await card.getByRole('button', { name: 'Mark return received' }).click();
  await expect(card.getByTestId('recall-notice')).toContainText('Returned');
  await shoot(staff, testInfo, 'recall-progress');

  for (const other of [staff, first, second]) await other.context().close();
});
