import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../db/schema/cart.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { products as productsTable } from '../db/schema/catalog.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';

let t: CommerceTestApp;
let ayesha: Record<string, string>;
let bilal: Record<string, string>;
let ids: Record<'kelly' | 'mayo' | 'satinsky' | 'retractor' | 'hidden', number>;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery', 'cardiology'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 10 },
    { name: 'Mayo Scissors', category: 'general-surgery', brand: 'Zenith Instruments', priceCents: 12_950, stock: 3 },
    { name: 'Satinsky Clamp', category: 'cardiology', priceCents: 18_950, stock: 0 },
    { name: 'Balfour Retractor', category: 'general-surgery', priceCents: 60_000, stock: 5 },
    { name: 'Withdrawn Forceps', category: 'general-surgery', priceCents: 1_000, stock: 5 },
  ]);
  const [kelly, mayo, satinsky, retractor, hidden] = products.map((p) => p.id);
  ids = { kelly, mayo, satinsky, retractor, hidden };
  await t.database.db.update(productsTable).set({ isActive: false }).where(eq(productsTable.id, hidden));
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  bilal = (await createTestUser(t.database.db, { email: 'bilal@example.com' })).headers;
});
afterAll(() => t.close());

const cart = async (headers = ayesha) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/cart/', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const add = (product_id: unknown, quantity?: unknown, headers = ayesha) =>
  t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id, quantity } });
const patch = (id: unknown, quantity: unknown, headers = ayesha) =>
  t.app.inject({ method: 'PATCH', url: `/api/cart/items/${id}/`, headers, payload: { quantity } });
const remove = (id: unknown, headers = ayesha) => t.app.inject({ method: 'DELETE', url: `/api/cart/items/${id}/`, headers });
const emptyCart = async (headers = ayesha) => {
  for (const item of (await cart(headers)).items) await remove(item.id, headers);
};
const setStock = (productId: number, currentStock: number, reservedStock = 0) =>
  t.database.db.update(inventoryItems).set({ currentStock, reservedStock }).where(eq(inventoryItems.productId, productId));

describe('cart', () => {
  it('needs a signed-in user for every call', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/cart/' },
      { method: 'POST' as const, url: '/api/cart/add-item/', payload: { product_id: ids.kelly, quantity: 1 } },
      { method: 'PATCH' as const, url: '/api/cart/items/1/', payload: { quantity: 1 } },
      { method: 'DELETE' as const, url: '/api/cart/items/1/' },
      { method: 'POST' as const, url: '/api/cart/promo/', payload: { code: 'WELCOME10' } },
      { method: 'DELETE' as const, url: '/api/cart/promo/' },
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, request.url).toBe(401);
    }
  });

  it('starts empty, with no shipping and the exchange rate shown', async () => {
    expect(await cart(bilal)).toMatchObject({
      items: [], item_count: 0, subtotal: '0.00', discount_amount: '0.00', tax_rate: '17.00', tax_amount: '0.00',
      total_amount: '0.00', shipping_amount: '0.00', grand_total: '0.00', currency: 'USD', exchange_rate: '278.50',
      grand_total_pkr: '0.00', free_shipping_threshold: '500.00', amount_to_free_shipping: '500.00', promo: null,
      has_stock_issues: false,
    });
  });

  it('adds items with the spec\'s fields, taxes at TAX_RATE and charges 75 shipping under 500', async () => {
    const res = await add(ids.mayo, 2);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items).toEqual([{
      id: expect.any(Number), product_id: ids.mayo, product_slug: 'mayo-scissors', quantity: 2, unit_price: '129.50',
      total_price: '259.00', available_stock: 3, product_name: 'Mayo Scissors', product_image: '/media/test/mayo-scissors.svg',
      product_category: 'general surgery', product_category_translations: {}, product_brand: 'Zenith Instruments', stock_issue: null, licence_issue: null,
      price_notice: null,
    }]);
    // 259.00 × 17% = 44.03; 259.00 + 44.03 = 303.03; + 75 shipping = 378.03; × 278.50 = 105,281.355 → 105,281.36
    expect(body).toMatchObject({
      item_count: 2, subtotal: '259.00', tax_amount: '44.03', total_amount: '303.03', shipping_amount: '75.00',
      grand_total: '378.03', grand_total_pkr: '105281.00', amount_to_free_shipping: '241.00',
    });
    await emptyCart();
  });

  it('adds to the existing line when the same product is added again', async () => {
    await add(ids.kelly, 2);
    const body = (await add(ids.kelly)).json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ quantity: 3, total_price: '54.00' });
    await emptyCart();
  });

  it('ships free from a 500 subtotal', async () => {
    const body = (await add(ids.retractor, 1)).json();
    expect(body).toMatchObject({ subtotal: '600.00', shipping_amount: '0.00', tax_amount: '102.00', grand_total: '702.00', amount_to_free_shipping: '0.00' });
    await emptyCart();
  });

  it('always prices from the database, ignoring prices sent by the client', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/cart/add-item/', headers: ayesha,
      payload: { product_id: ids.kelly, quantity: 1, unit_price: '0.01', price: 0.01, total_amount: '0.01' },
    });
    expect(res.json()).toMatchObject({ subtotal: '18.00' });
    await t.database.db.update(productsTable).set({ priceCents: 2_000 }).where(eq(productsTable.id, ids.kelly));
    expect(await cart()).toMatchObject({ subtotal: '20.00', items: [{ unit_price: '20.00' }] });
    await t.database.db.update(productsTable).set({ priceCents: 1_800 }).where(eq(productsTable.id, ids.kelly));
    await emptyCart();
  });

  it('reports each item\'s stock issue as stock moves', async () => {
    await add(ids.mayo, 3);
    await setStock(ids.mayo, 3, 1);
    expect(await cart()).toMatchObject({ has_stock_issues: true, items: [{ available_stock: 2, stock_issue: 'insufficient' }] });
    await setStock(ids.mayo, 3, 3);
    expect(await cart()).toMatchObject({ has_stock_issues: true, items: [{ available_stock: 0, stock_issue: 'out_of_stock' }] });
    await setStock(ids.mayo, 3, 0);
    expect(await cart()).toMatchObject({ has_stock_issues: false, items: [{ stock_issue: null }] });
    await emptyCart();
  });

  it('answers 400 per field for bad input and writes nothing', async () => {
    const cases: [unknown, unknown, string][] = [
      [undefined, 1, 'product_id'],
      ['abc', 1, 'product_id'],
      [0, 1, 'product_id'],
      [ids.kelly, 0, 'quantity'],
      [ids.kelly, 1.5, 'quantity'],
      [ids.kelly, 1000, 'quantity'],
      [ids.kelly, '2', 'quantity'],
    ];
    for (const [productId, quantity, field] of cases) {
      const res = await add(productId, quantity);
      expect(res.statusCode, JSON.stringify([productId, quantity])).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await cart()).items).toEqual([]);
  });

  it('refuses unknown, withdrawn and out-of-stock products, and more than is available', async () => {
    expect((await add(999_999, 1)).statusCode).toBe(404);
    expect((await add(ids.hidden, 1)).json()).toEqual({ detail: 'Product not found.' });
    const out = await add(ids.satinsky, 1);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toEqual({ detail: 'Satinsky Clamp is out of stock.', code: 'OUT_OF_STOCK' });
    await add(ids.mayo, 2);
    const more = await add(ids.mayo, 2);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ detail: 'Only 3 of Mayo Scissors available.', code: 'INSUFFICIENT_STOCK' });
    expect((await cart()).items).toMatchObject([{ product_id: ids.mayo, quantity: 2 }]);
    await emptyCart();
  });

  it('changes quantities, deletes at 0, and refuses raising beyond stock while allowing lowering', async () => {
    const { items: [item] } = (await add(ids.mayo, 1)).json();
    expect((await patch(item.id, 3)).json().items[0].quantity).toBe(3);
    const tooMany = await patch(item.id, 4);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('INSUFFICIENT_STOCK');
    await setStock(ids.mayo, 1);
    expect((await patch(item.id, 2)).json().items[0]).toMatchObject({ quantity: 2, stock_issue: 'insufficient' });
    await setStock(ids.mayo, 3);
    for (const bad of [-1, 1.5, 'x', 1000]) expect((await patch(item.id, bad)).statusCode).toBe(400);
    expect((await patch('abc', 1)).statusCode).toBe(400);
    expect((await patch(item.id, 0)).json().items).toEqual([]);
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.id, item.id))).toEqual([]);
  });

  it('removes items with DELETE', async () => {
    const { items: [item] } = (await add(ids.kelly, 1)).json();
    const res = await remove(item.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
    expect((await remove(item.id)).statusCode).toBe(404);
  });

  it('hides another user\'s cart items: 404, and their cart is untouched', async () => {
    const { items: [item] } = (await add(ids.kelly, 2, bilal)).json();
    for (const res of [await patch(item.id, 1), await patch(item.id, 0), await remove(item.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Cart item not found.' });
    }
    expect((await cart(bilal)).items).toMatchObject([{ id: item.id, quantity: 2 }]);
    expect((await cart()).items).toEqual([]);
    await emptyCart(bilal);
  });
});
