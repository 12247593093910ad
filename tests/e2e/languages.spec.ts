import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bearer, registerAccount, shoot, signIn } from './support/session.ts';
import { addToCart } from './support/cart.ts';

/** The product page's related items run on for a long way: the top 2,400 px of a page are enough to look at. */
const TOP = { maxHeight: 2_400 };

/** The language and currency pickers: behind the top bar's globe button on wide screens, in the menu on phones. */
async function preferences(page: Page, isMobile: boolean, menuLabel: RegExp, preferencesLabel: RegExp) {
  await page.getByRole('button', { name: isMobile ? menuLabel : preferencesLabel }).click();
  return {
    pick: (label: string) => page.getByLabel(label, { exact: true }).filter({ visible: true }),
  };
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
}

test('switch to Arabic for a right-to-left shop and cart, then to euros, saved to the profile', async ({ page, request, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  // A fresh account; its profile currency is the registration default (USD, as the shop shows prices).
  const { session } = await registerAccount(request, testInfo, 'individual', { verify: false, firstName: 'Noor' });
  await signIn(page, session);
  const auth = { headers: bearer(session) };
  const products = await request.get('/api/products/?in_stock=true&ordering=price&page_size=10');
  const product = ((await products.json()) as { results: Array<{ id: number; slug: string; name: string; price: string }> }).results[0]!;
  expect((await addToCart(request, auth.headers, product)).ok()).toBeTruthy();

  // The profile's preferences apply once it arrives; a choice made before would be overwritten by them.
  const profileLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me/' && response.ok());
  await page.goto('/');
  await profileLoaded;
  // Signed in, the profile's preferences apply: a new account shows prices in dollars.
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const bar = await preferences(page, isMobile, /^Open menu$/, /Language and currency$/);
  await expect(bar.pick('Currency')).toHaveValue('USD');
  await bar.pick('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await closeMenu(page);
  await expect(page.getByRole('heading', { name: 'فئات الأدوات' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تخفيضات سريعة' })).toBeVisible();
  await shoot(page, testInfo, 'home-ar', TOP);

  // The choice went to the profile and survives a reload.
  await expect.poll(async () => (await (await request.get('/api/auth/me/', { headers: auth.headers })).json()).preferences.language).toBe('ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'الأدوات الطبية' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^عرض التفاصيل/ }).first()).toBeVisible();
  await shoot(page, testInfo, 'catalogue-ar', TOP);

  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('الميزات الرئيسية').or(page.getByText('معلومات المنتج')).first()).toBeVisible();
  await shoot(page, testInfo, 'product-ar', TOP);

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: /سلة التسوق/ })).toBeVisible();
  await expect(page.getByText(product.name).first()).toBeVisible();
  // Rupees in Arabic: Arabic-Indic digits.
  await expect(page.getByText(/[٠-٩]/).first()).toBeVisible();
  await shoot(page, testInfo, 'cart-ar', TOP);

  const cartBar = await preferences(page, isMobile, /^فتح القائمة$/, /اللغة والعملة$/);
  await cartBar.pick('العملة').selectOption('EUR');
  await closeMenu(page);
  await expect(page.getByText(/€/).first()).toBeVisible();
  await expect.poll(async () => (await (await request.get('/api/auth/me/', { headers: auth.headers })).json()).preferences.currency).toBe('EUR');

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'إتمام الشراء' })).toBeVisible();
  await expect(page.getByText(/€/).first()).toBeVisible();
  await shoot(page, testInfo, 'checkout-ar', TOP);
});

test("a link naming Arabic beats a signed-in buyer's English profile for that visit, and leaves the profile English", async ({ page, request }, testInfo) => {
  const { session } = await registerAccount(request, testInfo, 'individual', { verify: false });
  await signIn(page, session);
  const profileLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me/' && response.ok());
  await page.goto('/products?lang=ar');
  await profileLoaded;
  await expect(page.getByRole('heading', { level: 1, name: 'الأدوات الطبية' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.getByRole('link', { name: /^عرض التفاصيل/ }).first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect((await (await request.get('/api/auth/me/', { headers: bearer(session) })).json()).preferences.language).toBe('en');

  // A visit without a link is in the profile's language again.
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Instruments' })).toBeVisible();
});

test('a signed-out visitor switches to euros and keeps them across a reload', async ({ page, request, isMobile }, testInfo) => {
  // One with plenty in stock: a low-stock alert would sit over the top bar for its four seconds.
  const products = await request.get('/api/products/?ordering=price&page_size=20');
  const product = ((await products.json()) as { results: Array<{ slug: string; name: string; price: string; stock_quantity: number }> })
    .results.find((item) => item.stock_quantity >= 100)!;
  const rates = (await (await request.get('/api/exchange-rates')).json()) as { rates: Record<string, string> };

  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const dollars = `$${Number(product.price).toFixed(2)}`;
  await expect(page.getByText(dollars).first()).toBeVisible();

  const bar = await preferences(page, isMobile, /^Open menu$/, /Language and currency$/);
  await bar.pick('Currency').selectOption('EUR');
  await closeMenu(page);
  const euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' })
    .format(Math.round(Number(product.price) * Number(rates.rates.EUR) * 100) / 100);
  await expect(page.getByText(euros).first()).toBeVisible();
  await expect(page.getByText(dollars)).toHaveCount(0);

  await page.reload();
  await expect(page.getByText(euros).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('shop.currency'))).toBe('EUR');
  await shoot(page, testInfo, 'product-eur', TOP);
});

test('in Urdu and Arabic a product page shows its Latin name whole, its category translated, in the shop\'s own fonts', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  // A long name with a comma, the kind that was clipped at its start and had its punctuation moved in Arabic.
  const products = await request.get('/api/products/?category=general-surgery&ordering=name&page_size=50');
  const { results } = (await products.json()) as { results: Array<{ slug: string; name: string; category: string }> };
  const product = results.find((item) => item.name.includes(',') && item.name.length > 24) ?? results[0]!;
  const category = (await (await request.get(`/api/categories/${product.category}/`)).json()) as {
    name: string; translations: Record<'ur' | 'ar', { name: string; description: string }>;
  };
  const fonts: string[] = [];
  page.on('request', (req) => {
    if (/\.woff2?$/.test(new URL(req.url()).pathname)) fonts.push(new URL(req.url()).pathname);
  });

  // English: the system font, no font file fetched.
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fonts).toEqual([]);

  for (const [locale, fontFile] of [['ur', 'noto-nastaliq-urdu-arabic'], ['ar', 'noto-naskh-arabic-arabic']] as const) {
    await page.evaluate((language) => localStorage.setItem('shop.locale', language), locale);
    await page.goto('/products');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The category filter lists the category in the visitor's language.
    await expect(page.locator('option', { hasText: category.translations[locale].name }).first()).toBeAttached();
    await expect(page.getByRole('article').first()).toBeVisible();
    await shoot(page, testInfo, `catalogue-${locale}`, TOP);

    await page.goto(`/products/${product.slug}`);
    const heading = page.getByRole('heading', { level: 1, name: product.name });
    await expect(heading).toBeVisible();
    // Whole, in its own left-to-right direction, so nothing is clipped or reordered at the wrong end.
    expect(await heading.evaluate((el) => el.textContent)).toBe(product.name);
    expect(await heading.evaluate((el) => el.getAttribute('dir') === 'auto' || el.tagName === 'BDI')).toBe(true);
    expect(await heading.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await expect(page.getByRole('link', { name: category.translations[locale].name }).first()).toBeVisible();
    await expect(page.getByText(category.name, { exact: true })).toHaveCount(0);
    await expect.poll(() => fonts.some((path) => path.includes(fontFile))).toBe(true);
    await shoot(page, testInfo, `product-${locale}`, TOP);
  }
  expect(fonts.filter((path) => path.includes('latin'))).toEqual([]);
});
