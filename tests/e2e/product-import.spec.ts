import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
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

async function chooseCsv(page: Page, csv: string) {
  await page.getByLabel(/CSV/).setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
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
  await expect(problems.getByRole('row', { name: /^3 Variant Price / })).toBeVisible();
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
});
