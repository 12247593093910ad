import type { APIRequestContext, Page } from '@playwright/test';
import { pdfText } from '../../src/server/test/pdf-text.ts';
import { expect, test } from './fixtures.ts';
import { bearer, registerAccount, shoot, signIn } from './support/session.ts';
import { payByCard } from './support/checkout.ts';

interface Variant {
  id: number;
  model_number: string;
  label: string;
  options: Record<string, string>;
  available_stock: number;
}

interface Detail {
  id: number;
  slug: string;
  name: string;
  brand: string;
  licence_required: boolean;
  options: { name: string; values: string[]; name_translations: Translations; value_translations: Record<string, Translations> }[];
  variants: Variant[];
}

type Translations = { ur?: string; ar?: string };

/** A product sold in two options or more with two variants in stock, one per project so journeys do not share stock. */
async function patternWithSizes(request: APIRequestContext, skip: number): Promise<{ product: Detail; chosen: [Variant, Variant] }> {
  const { results } = (await (await request.get('/api/products/?in_stock=true&ordering=name&page_size=100')).json()) as {
    results: { slug: string; variant_count: number; licence_required: boolean }[];
  };
  const found: { product: Detail; chosen: [Variant, Variant] }[] = [];
  for (const item of results.filter((row) => row.variant_count >= 3 && !row.licence_required)) {
    const product = (await (await request.get(`/api/products/${item.slug}/`)).json()) as Detail;
    const inStock = product.variants.filter((variant) => variant.available_stock >= 3);
    if (product.options.length >= 2 && inStock.length >= 2) found.push({ product, chosen: [inStock[0]!, inStock[1]!] });
    if (found.length > skip) break;
  }
  return found[skip]!;
}

/**
 * Picks each of the variant's option values on the product page, as a buyer clicks the size and tip buttons: by the
 * names the page shows in `language` (the English where staff gave none).
 */
async function choose(page: Page, product: Detail, variant: Variant, language: 'en' | 'ar' = 'en') {
  const shown = (english: string, translations: Translations = {}) => (language === 'en' ? english : translations[language] ?? english);
  const group = (option: Detail['options'][number]) => page.getByRole('group', { name: new RegExp(`^${shown(option.name, option.name_translations)}`) });
  const value = (option: Detail['options'][number]) => {
    const english = variant.options[option.name]!;
    return { name: shown(english, option.value_translations[english]), exact: true };
  };
  for (const option of product.options) await group(option).locator('label').filter({ has: page.getByRole('radio', value(option)) }).click();
  for (const option of product.options) await expect(group(option).getByRole('radio', value(option))).toBeChecked();
  await expect(page.getByText(variant.model_number, { exact: true }).first()).toBeVisible();
}

test('choose a length and a tip, buy two sizes of one pattern as two lines, and see them on the order and the invoice', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { product, chosen: [first, second] } = await patternWithSizes(request, testInfo.project.name === 'desktop' ? 0 : 1);
  const { session } = await registerAccount(request, testInfo, 'individual', { firstName: 'Hina' });
  await signIn(page, session);

  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await choose(page, product, first);
  await shoot(page, testInfo, `variant-picker-${testInfo.project.name}`);
  const addButton = page.getByRole('button', { name: `Add to Cart: ${product.name}`, exact: true }).first();
  await addButton.click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await choose(page, product, second);
  // The link names the size chosen, so it can be shared.
  await expect(page).toHaveURL(new RegExp(`variant=${second.id}`));
  await addButton.click();
  await expect.poll(async () => ((await (await request.get('/api/cart/', { headers: bearer(session) })).json()) as { items: unknown[] }).items.length)
    .toBe(2);

  await page.goto('/cart');
  for (const variant of [first, second]) await expect(page.getByText(variant.label, { exact: true }).first()).toBeVisible();
  await shoot(page, testInfo, `variant-cart-${testInfo.project.name}`);

  await payByCard(page, 'Hina Surgeon');

  const order = ((await (await request.get('/api/orders/', { headers: bearer(session) })).json()) as {
    orders: { id: string; orderNumber: string; items: { variantId: number; variantLabel: string }[] }[];
  }).orders[0]!;
  expect(order.items.map((item) => [item.variantId, item.variantLabel]).sort())
    .toEqual([[first.id, first.label], [second.id, second.label]].sort());

  await page.goto('/orders');
  await page.getByRole('button', { name: /View details|Details/ }).first().click();
  for (const variant of [first, second]) await expect(page.getByText(variant.label, { exact: true }).first()).toBeVisible();
  await shoot(page, testInfo, `variant-order-${testInfo.project.name}`);

  const invoice = await request.get(`/api/orders/${order.id}/invoice.pdf`, { headers: bearer(session) });
  expect(invoice.ok()).toBe(true);
  const text = (await pdfText(await invoice.body())).replace(/\s+/g, ' ');
  for (const variant of [first, second]) expect(text).toContain(variant.label);
});

test('a search for a pattern shows one card per product, and a catalogue-number search opens that size', async ({ page, request }, testInfo) => {
  const { product, chosen: [, wanted] } = await patternWithSizes(request, 0);
  const word = product.name.split(' ')[0]!;
  const listed = (await (await request.get(`/api/products/?search=${encodeURIComponent(word)}&page_size=50`)).json()) as {
    results: { id: number; name: string; brand: string }[];
  };
  await page.goto(`/products?search=${encodeURIComponent(word)}`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(Math.min(listed.results.length, 20));
  // One card per pattern and brand: the same name never comes twice from one maker.
  const makers = listed.results.filter((item) => item.name === product.name).map((item) => item.brand);
  expect(new Set(makers).size).toBe(makers.length);
  await expect(cards.filter({ hasText: product.brand }).filter({ hasText: product.name }).getByText(/^\d+ sizes$/).first()).toBeVisible();
  await shoot(page, testInfo, `variant-search-${testInfo.project.name}`);

  await page.goto(`/search?q=${encodeURIComponent(wanted.model_number)}`);
  await page.getByRole('link', { name: product.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}\\?variant=${wanted.id}`));
  await expect(page.getByText(wanted.model_number, { exact: true }).first()).toBeVisible();
  for (const [name, value] of Object.entries(wanted.options)) {
    await expect(page.getByRole('group', { name: new RegExp(`^${name}`) }).getByRole('radio', { name: value, exact: true })).toBeChecked();
  }
});

test('in Arabic the size and tip picker reads right to left and adds the chosen size', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { product, chosen: [, wanted] } = await patternWithSizes(request, testInfo.project.name === 'desktop' ? 2 : 3);
  const { session } = await registerAccount(request, testInfo, 'individual', { firstName: 'Noor' });
  expect((await request.put('/api/auth/profile/', { headers: bearer(session), data: { preferences: { language: 'ar' } } })).ok()).toBe(true);
  await signIn(page, session);

  await page.goto(`/products/${product.slug}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The demo's lengths and tips are given in Arabic; a name or value without a translation reads in English.
  expect(product.options.some((option) => option.name_translations.ar)).toBe(true);
  await choose(page, product, wanted, 'ar');
  await shoot(page, testInfo, `variant-picker-ar-${testInfo.project.name}`);
  await page.getByRole('button', { name: `أضف إلى السلة: ${product.name}`, exact: true }).first().click();
  await expect.poll(async () => ((await (await request.get('/api/cart/', { headers: bearer(session) })).json()) as {
    items: { variant_id: number }[];
  }).items.map((item) => item.variant_id)).toEqual([wanted.id]);
  await page.goto('/cart');
  await expect(page.getByText(wanted.label, { exact: true }).first()).toBeVisible();
  await shoot(page, testInfo, `variant-cart-ar-${testInfo.project.name}`);
});
