import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bearer, registerAccount, signIn, type Session } from './support/session.ts';
import { variantToBuy } from './support/cart.ts';

interface Listed { id: number; slug: string; stock_quantity: number; licence_required: boolean }

/** Products an individual may buy, enough of them (and of their stock) for 100 saved items and 100 units in the cart. */
async function buyable(request: APIRequestContext, session: Session): Promise<Listed[]> {
  const found: Listed[] = [];
  for (let page = 1; found.length < 100; page++) {
    const response = await request.get(`/api/products/?in_stock=true&page_size=100&page=${page}`, { headers: bearer(session) });
    const { results } = (await response.json()) as { results: Listed[] };
    found.push(...results.filter((product) => !product.licence_required && product.stock_quantity > 0));
  }
  return found;
}

const COUNTS = [0, 1, 2, 3, 11, 100];

/** What the cart heading and the wishlist say for each count: every plural form of the language. */
const EXPECTED = {
  ar: {
    cart: ['(لا منتجات)', '(منتج واحد)', '(منتجان)', '(٣ منتجات)', '(١١ منتجًا)', '(١٠٠ منتج)'],
    saved: ['لا منتجات محفوظة', 'منتج واحد محفوظ', 'منتجان محفوظان', '٣ منتجات محفوظة', '١١ منتجًا محفوظًا', '١٠٠ منتج محفوظ'],
  },
  ur: {
    cart: ['(0 آئٹمز)', '(1 آئٹم)', '(2 آئٹمز)', '(3 آئٹمز)', '(11 آئٹمز)', '(100 آئٹمز)'],
    saved: ['0 آئٹمز محفوظ ہیں', '1 آئٹم محفوظ ہے', '2 آئٹمز محفوظ ہیں', '3 آئٹمز محفوظ ہیں', '11 آئٹمز محفوظ ہیں', '100 آئٹمز محفوظ ہیں'],
  },
} as const;

for (const language of ['ar', 'ur'] as const) {
  test(`counts 0, 1, 2, 3, 11 and 100 in the cart and the wishlist with the plural forms of ${language}`, async ({ page, request }, testInfo) => {
    // Plural rules are the language's, not the layout's: one width is enough.
    test.skip(testInfo.project.name === 'mobile', 'the same words at every width');
    test.setTimeout(120_000);
    const { session } = await registerAccount(request, testInfo, 'individual', { verify: false });
    const headers = bearer(session);
    expect((await request.put('/api/auth/profile/', { headers, data: { preferences: { language } } })).ok()).toBe(true);
    const products = await buyable(request, session);
    await signIn(page, session);

    let units = 0;
    let saved = 0;
    for (const [step, count] of COUNTS.entries()) {
      for (; saved < count; saved++) expect((await request.post(`/api/wishlist/${products[saved]!.id}`, { headers })).ok()).toBe(true);
      for (let next = 0; units < count; next++) {
        const product = products[next]!;
        const variant = await variantToBuy(request, product);
        const quantity = Math.min(count - units, variant.available_stock, 10);
        const added = await request.post('/api/cart/add-item/', { headers, data: { product_id: product.id, variant_id: variant.id, quantity } });
        if (added.ok()) units += quantity;
      }

      await page.goto('/cart');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(EXPECTED[language].cart[step]!);
      await page.goto('/wishlist');
      await expect(page.getByText(EXPECTED[language].saved[step]!, { exact: true })).toBeVisible();
    }
  });
}
