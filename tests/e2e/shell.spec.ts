import { expect, test } from './fixtures.ts';
import { bearer, registerAccount, shoot, signIn } from './support/session.ts';

test('home page shows the shop, its categories and live flash sales', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Sialkot Surgical/i }).first()).toBeVisible();
  await expect(page.getByText('ISO 13485').filter({ visible: true }).first()).toBeVisible();
  const cardiology = page.getByRole('link', { name: /Cardiology/ }).first();
  await expect(cardiology).toBeVisible();
  await expect(page.getByText(/\d+ products/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Grab Deal Now/ }).first()).toBeVisible();
  await shoot(page, testInfo, 'home');
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
  // The demo catalogue: 1,200 variants grouped into products.
  const { results, count } = (await (await request.get('/api/products/?page_size=100')).json()) as { results: { variant_count: number }[]; count: number };
  expect(count).toBeGreaterThanOrEqual(400);
  expect(results.some((product) => product.variant_count > 1)).toBe(true);
});

test.describe('on a phone (390 px)', () => {
  test.beforeEach(({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'phone layout');
    expect(page.viewportSize()?.width).toBe(390);
  });

  test('the catalogue shows two product cards side by side', async ({ page }, testInfo) => {
    await page.goto('/products');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.nth(1)).toBeVisible();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    await shoot(page, testInfo, 'catalogue-390');
  });

  test('the product page keeps Add to Cart at hand after scrolling, and it adds to the cart', async ({ page, request }, testInfo) => {
    const { session } = await registerAccount(request, testInfo, 'individual');
    await signIn(page, session);
    const listed = await request.get('/api/products/?in_stock=true&ordering=price&page_size=40');
    const product = ((await listed.json()) as { results: { slug: string; name: string; stock_quantity: number; licence_required?: boolean }[] })
      .results.find((p) => p.stock_quantity >= 5 && !p.licence_required)!;
    await page.goto(`/products/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const bar = page.getByTestId('sticky-buy-bar');
    await expect(bar).toBeHidden();

    await page.getByRole('heading', { name: 'Related Products' }).scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await shoot(page, testInfo, 'product-scrolled-390', { fullPage: false });
    await bar.getByRole('button', { name: `Add to Cart: ${product.name}`, exact: true }).click();
    await expect(page.getByText('Added to cart')).toBeVisible();
    const cart = await request.get('/api/cart/', { headers: bearer(session) });
    expect(JSON.stringify(await cart.json())).toContain(product.name);
  });

  test('the chat button does not cover a form field being filled in', async ({ page }) => {
    await page.goto('/contact');
    const chat = page.getByRole('button', { name: 'Open chat assistant' });
    await expect(chat).toBeVisible();
    // The message box, scrolled to the bottom of the screen where the button floats.
    const field = page.getByRole('main').getByRole('textbox').last();
    await field.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await field.focus();
    await expect(chat).toBeHidden();
    // The field's own bottom corner, where the button floats, measured and hit-tested at one moment: a late layout
    // shift (fonts, images above) moves the field between a separate measure and test on a slow runner.
    await expect.poll(() => field.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return document.elementFromPoint(box.right - 20, box.bottom - 10) === element;
    })).toBe(true);
    await field.blur();
    await expect(chat).toBeVisible();
  });
});
