import { expect, test } from './fixtures.ts';
import { registerAccount, shoot, signedInPage } from './support/session.ts';
import { addToCart } from './support/cart.ts';

test('save two products, share the wishlist, open it signed out, then stop sharing', async ({ browser, request, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const { session } = await registerAccount(request, testInfo, 'individual', { verify: false, firstName: 'Hina' });
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 900 };
  const page = await signedInPage(browser, baseURL!, session, viewport);

  await page.goto('/products');
  const cards = page.getByRole('article');
  const firstName = (await cards.nth(0).getByRole('heading').innerText()).trim();
  await cards.nth(0).getByRole('button', { name: /^Add to wishlist/ }).click();
  await expect(page.getByText('Added to wishlist')).toBeVisible();
  await expect(cards.nth(0).getByRole('button', { name: /^Remove from wishlist/ })).toBeVisible();

  const secondName = (await cards.nth(1).getByRole('heading').textContent())!.trim();
  await cards.nth(1).getByRole('link', { name: /View Details/ }).click();
  await page.waitForURL(/\/products\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(secondName);
  await page.getByRole('button', { name: `Add to wishlist: ${secondName}` }).click();
  await expect(page.getByRole('button', { name: `Remove from wishlist: ${secondName}` })).toBeVisible();

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByText('2 items saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: firstName })).toBeVisible();
  await expect(page.getByRole('heading', { name: secondName })).toBeVisible();

  const shared = page.waitForResponse((response) => response.url().endsWith('/api/wishlist/share/') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Share Wishlist' }).click();
  const { url } = await (await shared).json();
  await expect(page.getByText('Wishlist link copied')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop sharing' })).toBeVisible();
  await shoot(page, testInfo, 'wishlist');

  const visitorContext = await browser.newContext({ baseURL, viewport });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: "Hina's wishlist" })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: firstName })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: secondName })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /Remove from wishlist/ })).toHaveCount(0);
  await shoot(visitor, testInfo, 'shared-wishlist');

  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Stop sharing' })).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Shared wishlist not found' })).toBeVisible();
  await shoot(visitor, testInfo, 'shared-wishlist-revoked');

  for (const tab of ['profile', 'security', 'notifications', 'billing']) {
    await page.goto(`/profile/settings?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toHaveText(new RegExp(tab, 'i'));
    await page.waitForLoadState('networkidle');
    await shoot(page, testInfo, `profile-${tab}`);
  }
  await visitorContext.close();
  await page.context().close();
});

test('shows the wishlist, profile settings, cart, checkout and orders in Arabic, right to left', async ({ browser, request, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const { session } = await registerAccount(request, testInfo, 'individual', { verify: false, firstName: 'Hina' });
  const headers = { Authorization: `Bearer ${session.token}` };
  // Signed in, the profile's language wins over the one kept in the browser.
  expect((await request.put('/api/auth/profile/', { headers, data: { preferences: { language: 'ar' } } })).ok()).toBeTruthy();
  const { results } = await (await request.get('/api/products/?ordering=-created_at')).json();
  const inStock = results.filter((product: { is_in_stock: boolean }) => product.is_in_stock).slice(0, 2);
  for (const product of inStock) {
    expect((await request.post(`/api/wishlist/${product.id}`, { headers })).ok()).toBeTruthy();
  }
  expect((await addToCart(request, headers, inStock[0])).ok()).toBeTruthy();

  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 900 };
  const page = await signedInPage(browser, baseURL!, session, viewport);
  await page.context().addInitScript(() => localStorage.setItem('shop.locale', 'ar'));

  const pages: Array<[string, string]> = [
    ['/wishlist', 'قائمة أمنياتي'],
    ['/cart', 'سلة التسوق'],
    ['/checkout', 'إتمام الشراء'],
    ['/orders', 'طلباتي'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shoot(page, testInfo, `ar${path.replaceAll('/', '-')}`);
  }
  await expect(page.getByRole('heading', { name: 'لم يتم العثور على طلبات' })).toBeVisible();

  const tabs: Array<[string, string]> = [
    ['profile', 'الملف الشخصي'], ['security', 'الأمان'], ['notifications', 'الإشعارات'], ['billing', 'الفوترة'],
  ];
  for (const [tab, label] of tabs) {
    await page.goto(`/profile/settings?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toHaveText(label);
    if (tab === 'security') await expect(page.getByText('هذا الجهاز')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shoot(page, testInfo, `ar-profile-${tab}`);
  }
  await page.context().close();
});
