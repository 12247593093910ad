import { expect, test } from './fixtures.ts';

test('home page shows the shop, its categories and live flash sales', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Sialkot Surgical/i }).first()).toBeVisible();
  await expect(page.getByText('ISO 13485').filter({ visible: true }).first()).toBeVisible();
  const cardiology = page.getByRole('link', { name: /Cardiology/ }).first();
  await expect(cardiology).toBeVisible();
  await expect(page.getByText(/\d+ products/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Grab Deal Now/ }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });
});

test('an unknown page shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('the API answers health and an unknown API path with JSON', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  const missing = await request.get('/api/no-such-thing');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ detail: 'Not found.' });
  const products = await request.get('/api/products/');
  expect((await products.json()).count).toBeGreaterThanOrEqual(1200);
});
