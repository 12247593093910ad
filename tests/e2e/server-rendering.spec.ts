import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PASSWORD, registerAccount } from './support/session.ts';

interface Listed {
  slug: string;
  name: string;
  stock_quantity: number;
}

async function inStockProduct(request: APIRequestContext): Promise<Listed> {
  const response = await request.get('/api/products/?in_stock=true&ordering=price&page_size=20');
  const { results } = (await response.json()) as { results: Listed[] };
  return results.find((product) => product.stock_quantity >= 5)!;
}

test('a product page arrives rendered, hydrates without fetching its data again, and its buyer adds it to the cart', async ({ page, request }, testInfo) => {
  const product = await inStockProduct(request);
  const { email } = await registerAccount(request, testInfo, 'individual');
  const calls: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });

  const answer = await page.goto(`/products/${product.slug}`);
  expect(answer?.status()).toBe(200);
  // The server's markup already holds the product: a crawler without JavaScript reads it.
  const html = await answer!.text();
  expect(html).toContain(`<h1`);
  expect(html).toContain(product.name.replace(/&/g, '&amp;'));
  expect(html).toContain('application/ld+json');
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  // Hydrated: the page answers a click, and fetched none of the answers it was rendered with.
  await page.getByRole('button', { name: `Add to Cart: ${product.name}`, exact: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  const rendered = [`/api/products/${product.slug}/`, `/api/products/${product.slug}/reviews/?page=1`, `/api/products/${product.slug}/handling/`];
  expect(calls.filter((call) => rendered.includes(call))).toEqual([]);

  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Back on the product, the Add to Cart pressed before signing in is made, once.
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}$`));
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
});

test('a page that is not there answers 404 and still shows the way back, in Arabic too', async ({ page }) => {
  const answer = await page.goto('/no-such-instrument?lang=ar');
  expect(answer?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /المنتجات|تصفح/ }).first().click();
  await expect(page).toHaveURL(/\/products/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads the catalogue, follows the pager as links and reads a product, with no dead controls', async ({ page }) => {
    await page.goto('/products');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    // Controls that only open what scripts draw are not shown.
    await expect(page.getByRole('button', { name: 'Open chat assistant' })).toBeHidden();

    const title = page.locator('main').getByRole('heading', { level: 3 }).getByRole('link').first();
    const name = (await title.textContent())!.trim();
    await title.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(/\$\d/).first()).toBeVisible();
    await expect(page.getByText(/In Stock|Out of Stock|Low Stock/).first()).toBeVisible();
  });
});
