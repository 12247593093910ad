import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { bearer, catalogueSession, shoot, signIn } from './support/session.ts';

const HEADER = 'Handle,Title,Vendor,Type,Category,Status,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty';

/** Three products in the demo's General Surgery, one sold in two lengths; `price` is the second product's price. */
function productsCsv(tag: string, price: string): string {
  return [
    HEADER,
    `e2e-towel-clamp-${tag},Towel Clamp ${tag},Sialkot Surgical,clamp,general-surgery,active,,,TC-${tag},14.00,12`,
    `e2e-needle-holder-${tag},Needle Holder ${tag},Sialkot Surgical,needle-holder,general-surgery,active,Length,14 cm,NH-${tag}-14,${price},6`,
    `e2e-needle-holder-${tag},,,,,,,18 cm,NH-${tag}-18,31.00,4`,
    `e2e-sponge-forceps-${tag},Sponge Forceps ${tag},Sialkot Surgical,forceps,general-surgery,draft,,,SF-${tag},19.50,3`,
  ].join('\n');
}

async function chooseCsv(page: Page, csv: string, name = 'products.csv') {
  await page.getByLabel(/CSV/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

/**
 * Shopify's own product template (src/server/staff-products/fixtures, see product-csv-shopify.test.ts), its images on
 * a host that never resolves (.invalid): the journey does not hang on the network, and sees what a shop that cannot
 * reach Shopify's CDN sees.
 */
const SHOPIFY_TEMPLATE = readFileSync('src/server/staff-products/fixtures/shopify-product-template.csv', 'utf8')
  .replaceAll('burst.shopifycdn.com', 'burst.shopifycdn.invalid');

/** Nothing on the page is wider than the screen, and the element is within it. */
async function expectWithinScreen(page: Page, element: Locator) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('a catalogue manager previews a CSV, sees its bad row, fixes it and imports it; an active product is then in the shop', async ({ page, request }, testInfo) => {
  await signIn(page, await catalogueSession(request, testInfo));
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;

  await page.goto('/staff/products/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
  await chooseCsv(page, productsCsv(tag, 'free'));
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('heading', { name: 'Preview: nothing is saved yet' }).locator('..');
  await expect(preview.getByRole('row', { name: 'Products 2 0 0' })).toBeVisible();
  const problems = preview.getByRole('region', { name: 'One problem' });
  const needleHolder = problems.getByRole('region', { name: `e2e-needle-holder-${tag}` });
  await expect(needleHolder.getByRole('listitem')).toContainText('Row 3Variant PriceEnter a price like 12.50.');
  await shoot(page, testInfo, 'preview-with-problem');

  await chooseCsv(page, productsCsv(tag, '28.00'));
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('No problems found.')).toBeVisible();
  await expect(page.getByRole('row', { name: 'Products 3 0 0' })).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();

  const result = page.getByRole('heading', { name: 'Import finished' }).locator('..');
  await expect(result.getByRole('row', { name: 'Products 3 0 0' })).toBeVisible();
  await expect(result.getByRole('row', { name: 'Variants 4 0 0' })).toBeVisible();
  await shoot(page, testInfo, 'imported');

  await page.goto(`/products/e2e-needle-holder-${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: `Needle Holder ${tag}` })).toBeVisible();
  // The draft stays staff's alone.
  expect((await request.get(`/api/products/e2e-sponge-forceps-${tag}/`)).status()).toBe(404);
});

test("Shopify's own product template: nothing to import until a default category is chosen, then 3 products and 16 variants with warnings grouped by product", async ({ page, request }, testInfo) => {
  await signIn(page, await catalogueSession(request, testInfo));
  await page.goto('/staff/products/import');
  await chooseCsv(page, SHOPIFY_TEMPLATE, 'product_template.csv');
  await page.getByRole('button', { name: 'Preview' }).click();

  // No category of the demo shop is named like the template's (Shirts, Pants, Hats): every product is refused.
  const preview = page.getByRole('heading', { name: 'Preview: nothing is saved yet' }).locator('..');
  await expect(preview.getByRole('row', { name: 'Products 0 0 0' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing in this file can be imported' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  const shirt = preview.getByRole('region', { name: 'example-shirt' });
  await expect(shirt).toContainText('Left out');
  await expect(shirt).toContainText('No category of the shop has this name');

  await page.getByLabel('Default category').selectOption({ label: 'General Surgery' });
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(preview.getByRole('row', { name: 'Products 3 0 0' })).toBeVisible();
  await expect(preview.getByRole('row', { name: 'Variants 16 0 0' })).toBeVisible();
  await expect(preview.getByText('No problems found.')).toBeHidden();
  const groups = preview.getByRole('region', { name: /problems$/ }).getByRole('region');
  await expect(groups.getByRole('heading')).toHaveText(['The file', 'example-shirt', 'example-pants', 'example-hat']);
  await expect(shirt).not.toContainText('Left out');
  const barcode = shirt.getByRole('listitem').first();
  await expect(barcode).toContainText('365275101829 is not a GTIN');
  await expectWithinScreen(page, barcode.getByText(/is not a GTIN/));
  expect(await axeViolations(page, '[data-sonner-toaster]')).toEqual([]);
  await shoot(page, testInfo, 'shopify-template-preview');

  await page.getByRole('button', { name: 'Import' }).click();
  const result = page.getByRole('heading', { name: 'Import finished' }).locator('..');
  await expect(result.getByRole('row', { name: 'Products 3 0 0' })).toBeVisible();
  await expect(result.getByRole('row', { name: 'Variants 16 0 0' })).toBeVisible();
  const unreachable = result.getByRole('region', { name: 'example-hat' }).getByRole('listitem').filter({ hasText: 'Image Src' });
  await expect(unreachable).toContainText('The image was not added: burst.shopifycdn.invalid could not be reached.');
  await expectWithinScreen(page, unreachable.getByText(/could not be reached/));
  await shoot(page, testInfo, 'shopify-template-imported');

  // Active as its Status says; the draft jeans and the archived beanie stay staff's alone.
  await page.goto('/products/example-shirt');
  await expect(page.getByRole('heading', { level: 1, name: 'Example T-Shirt' })).toBeVisible();
  for (const slug of ['example-pants', 'example-hat']) expect((await request.get(`/api/products/${slug}/`)).status()).toBe(404);
});

test('the import page reads right to left for a catalogue manager who reads Arabic', async ({ page, request }, testInfo) => {
  const session = await catalogueSession(request, testInfo);
  // The profile's language wins over the browser's choice.
  const chosen = await request.put('/api/auth/profile/', { headers: bearer(session), data: { preferences: { language: 'ar' } } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  await signIn(page, session);
  await page.goto('/staff/products/import');
  await expect(page.getByRole('heading', { level: 1, name: 'استيراد المنتجات' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await chooseCsv(page, productsCsv(`${testInfo.project.name}ar${Date.now().toString(36)}`, 'free'));
  await page.getByRole('button', { name: 'معاينة' }).click();
  await expect(page.getByRole('region', { name: 'مشكلة واحدة' })).toBeVisible();
  await shoot(page, testInfo, 'preview-ar');

  // Shopify's template, its problems written in Arabic and grouped by product.
  await chooseCsv(page, SHOPIFY_TEMPLATE, 'product_template.csv');
  await page.getByLabel('الفئة الافتراضية').selectOption({ label: 'الجراحة العامة' });
  await page.getByRole('button', { name: 'معاينة' }).click();
  const pants = page.getByRole('region', { name: 'example-pants' });
  await expect(pants).toContainText('سعر المقارنة');
  await expectWithinScreen(page, pants.getByRole('listitem').last());
  expect(await axeViolations(page, '[data-sonner-toaster]')).toEqual([]);
  await shoot(page, testInfo, 'shopify-template-preview-ar');
});
