import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { variantToBuy } from './support/cart.ts';
import { bearer, shoot, signedInPage, staffMemberSession } from './support/session.ts';

test('the audit trail names a stock receipt for what it is, under the product it moved, for the role that keeps stock', async ({
  browser, request, baseURL,
}, testInfo) => {
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const shot = (page: Page, name: string) => shoot(page, testInfo, `${name}-${testInfo.project.name}`);
  const list = await (await request.get('/api/products/?page_size=1&ordering=name')).json();
  const product = list.results[0] as { id: number; slug: string; name: string };
  const variant = await variantToBuy(request, product);
  const fulfilment = await staffMemberSession(request, testInfo, 'fulfilment');
  const received = await request.post(`/api/inventory/${product.id}/movements/create/`, {
    headers: bearer(fulfilment), data: { kind: 'receive', quantity: 12, reason: 'Delivery 118', variantId: variant.id },
  });
  expect(received.status(), await received.text()).toBe(201);
  const { totalStock: currentStock } = (await received.json()).item as { totalStock: number };

  for (const arabic of [false, true]) {
    // Signed in, the profile's language is the one shown.
    if (arabic) expect((await request.put('/api/auth/profile/', { headers: bearer(fulfilment), data: { preferences: { language: 'ar' } } })).ok()).toBe(true);
    const page = await signedInPage(browser, baseURL!, fulfilment, viewport);
    await page.goto('/staff/audit?entity=product_stock');
    const entry = page.getByRole('listitem').filter({ hasText: product.name }).first();
    await expect(entry).toContainText(arabic ? 'استلم مخزونًا:' : 'Received stock:');
    await expect(entry).toContainText(variant.model_number);
    await expect(entry).not.toContainText(`#${product.id}`);
    if (!arabic) await expect(entry).toContainText(`on hand ${currentStock - 12} → ${currentStock}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await shot(page, `audit-stock-receipt${arabic ? '-ar' : ''}`);
    await page.context().close();
  }
});
