import { expect, test } from './fixtures.ts';
import { orderable } from './support/orderable.ts';
import { bearer, registerAccount, shoot, signedInPage } from './support/session.ts';

for (const language of ['en', 'ar'] as const) {
  test(`a buyer pastes catalogue numbers, sees what became of each line, and the good lines are in the cart (${language})`, async ({
    browser, request, baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const { session } = await registerAccount(request, testInfo, 'business');
    if (language === 'ar') {
      expect((await request.put('/api/auth/profile/', { headers: bearer(session), data: { preferences: { language: 'ar' } } })).ok()).toBe(true);
    }
    const [first, second] = await orderable(request);
    const page = await signedInPage(browser, baseURL!, session, viewport);
    const text = (key: { en: string; ar: string }) => key[language];

    // From the cart, the way to order by catalogue number.
    await page.goto('/cart');
    await page.getByRole('link', { name: text({ en: 'Order by catalogue number', ar: 'اطلب برقم الكتالوج' }) }).click();
    await expect(page).toHaveURL(/\/quick-order$/);
    await expect(page.getByRole('heading', { level: 1, name: text({ en: 'Quick order', ar: 'طلب سريع' }) })).toBeVisible();
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    const lines = ['catalogue_number,quantity', `${first.model_number},2`, 'NOPE-404;3', `${second.model_number}\t1`, `${first.model_number} two`].join('\n');
    const box = page.getByRole('textbox', { name: text({ en: 'Catalogue number and quantity, one per line', ar: 'رقم الكتالوج والكمية، واحد في كل سطر' }) });
    if (language === 'en') {
      await box.fill(lines);
    } else {
      // A CSV file is read in the browser into the box.
      await page.getByLabel('أو ارفع ملف CSV').setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(lines) });
      await expect(page.getByRole('status').filter({ hasText: 'order.csv' })).toBeVisible();
      await expect(box).toHaveValue(lines);
    }
    await shoot(page, testInfo, `quick-order-pasted-${language}`);
    await page.getByRole('button', { name: text({ en: 'Add to cart', ar: 'أضف إلى السلة' }) }).click();

    const rows = page.locator('tr[data-outcome]');
    await expect(rows).toHaveCount(4);
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-outcome')))).toEqual(['added', 'unknown', 'added', 'invalid']);
    await expect(rows.nth(0)).toContainText(first.name);
    await expect(rows.nth(0)).toContainText(text({ en: 'Added 2', ar: 'أُضيف' }));
    await expect(rows.nth(1)).toContainText('NOPE-404');
    await expect(rows.nth(1)).toContainText(text({ en: 'No product has this catalogue number', ar: 'لا يوجد منتج بهذا الرقم' }));
    await expect(rows.nth(3)).toContainText(text({ en: 'Could not read this line', ar: 'تعذرت قراءة هذا السطر' }));
    await shoot(page, testInfo, `quick-order-results-${language}`);

    // The good lines are in the cart, in their quantities.
    const cart = (await (await request.get('/api/cart/', { headers: bearer(session) })).json()) as { items: { product_id: number; quantity: number }[] };
    expect(cart.items.map((item) => [item.product_id, item.quantity]).sort()).toEqual([[first.id, 2], [second.id, 1]].sort());
    await page.getByRole('link', { name: text({ en: 'View cart', ar: 'عرض السلة' }) }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: second.name })).toBeVisible();
    await page.context().close();
  });
}
