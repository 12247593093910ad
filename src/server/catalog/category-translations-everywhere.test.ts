import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories } from '../db/schema/catalog.ts';
import { orderItems } from '../db/schema/orders.ts';
import { CATEGORIES } from '../seed/categories.ts';
import { createTestUser, nextIp } from '../test/auth-fixtures.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { createCommerceTestApp } from '../test/commerce-fixtures.ts';
import type { TestApp } from '../test/test-app.ts';

// Every answer that names a product's category to the storefront carries its Urdu and Arabic beside the English.
let t: TestApp;
let buyer: Record<string, string>;
const cardiology = CATEGORIES.find((c) => c.slug === 'cardiology')!.translations;
const names = { ur: cardiology.ur!.name, ar: cardiology.ar!.name };
let ids: { clamp: number; clampVariant: number; retractor: number };

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['cardiology', 'staff-made'], [
    { name: 'Satinsky Clamp', category: 'cardiology', priceCents: 18_950, stock: 20 },
    { name: 'Staff Retractor', category: 'staff-made', priceCents: 2_000, stock: 20 },
  ]);
  ids = { clamp: products[0].id, clampVariant: products[0].variantId, retractor: products[1].id };
  await db.update(categories).set({ translations: cardiology }).where(eq(categories.slug, 'cardiology'));
  buyer = (await createTestUser(db, { email: 'buyer@example.com' })).headers;
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST', url: string, payload?: object, headers = buyer) {
  const res = await t.app.inject({ method, url, headers, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('category names in Urdu and Arabic, beside the English, in every answer', () => {
  it('cart lines', async () => {
    await call('POST', '/api/cart/add-item/', { product_id: ids.clamp, quantity: 1 });
    const cart = await call('POST', '/api/cart/add-item/', { product_id: ids.retractor, quantity: 1 });
    expect(cart.items).toMatchObject([
      { product_category: 'cardiology', product_category_translations: names },
      { product_category: 'staff made', product_category_translations: {} },
    ]);
  });

  it('the wishlist, own and shared', async () => {
    await call('POST', `/api/wishlist/${ids.clamp}`);
    const own = await call('GET', '/api/wishlist');
    expect(own.items).toMatchObject([{ category: 'cardiology', category_translations: names }]);
    const { shareId } = await call('POST', '/api/wishlist/share/');
    const shared = await call('GET', `/api/wishlist/shared/${shareId}`, undefined, {});
    expect(shared.items).toMatchObject([{ category: 'cardiology', category_translations: names }]);
  });

  it("order lines: the English they were placed under, the product's current category translated, {} once the product is gone", async () => {
    const { db } = t.database;
    const me = await call('GET', '/api/auth/me/');
    const order = await insertOrder(db, me.id, [{ productId: ids.clamp }, { productId: ids.retractor }]);
    const [, gone] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
    await db.update(orderItems).set({ productId: null }).where(eq(orderItems.id, gone.id));

    const { orders } = await call('GET', '/api/orders/');
    expect(orders[0].items).toMatchObject([
      { category: 'Test', category_translations: names },
      { productId: null, category: 'Test', category_translations: {} },
    ]);
  });

  it('search results and category suggestions', async () => {
    const search = await call('POST', '/api/search', { query: 'satinsky', includeSemanticSearch: false }, {});
    expect(search.results).toMatchObject([{ category: 'cardiology', category_translations: names }]);
    const { suggestions } = await call('POST', '/api/search/suggestions', { query: 'cardio' }, {});
    expect(suggestions.find((s: { type: string }) => s.type === 'category'))
      .toMatchObject({ text: 'cardiology', text_translations: names });
  });

  it('flash sales', async () => {
    const now = Date.now();
    await insertFlashSale(t.database.db, ids.clampVariant, {
      salePriceCents: 15_000, startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 3_600_000),
    });
    const { items } = await call('GET', '/api/flash-sales/', undefined, {});
    expect(items).toMatchObject([{ category: 'cardiology', category_translations: names }]);
  });

  it("the chat's product suggestions", async () => {
    const reply = await call('POST', '/api/chat', { message: 'How much does the Satinsky clamp cost?' }, {});
    expect(reply.data.products).toMatchObject([{ category: 'cardiology', category_translations: names }]);
  });
});
