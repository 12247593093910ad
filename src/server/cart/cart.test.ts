import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../db/schema/cart.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { products as productsTable, productVariants } from '../db/schema/catalog.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';

let t: CommerceTestApp;
let ayesha: Record<string, string>;
let bilal: Record<string, string>;
let ids: Record<'kelly' | 'mayo' | 'satinsky' | 'retractor' | 'hidden' | 'metzenbaum' | 'adson', number>;
/** Variant ids: the plain products' only ones, and Metzenbaum Scissors' three (Length × Tip) and Adson Forceps' one. */
let variant: Record<'kelly' | 'mayo' | 'short' | 'long' | 'longCurved' | 'adson', number>;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery', 'cardiology'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 10 },
    { name: 'Mayo Scissors', category: 'general-surgery', brand: 'Zenith Instruments', priceCents: 12_950, stock: 3 },
    { name: 'Satinsky Clamp', category: 'cardiology', priceCents: 18_950, stock: 0 },
    { name: 'Balfour Retractor', category: 'general-surgery', priceCents: 60_000, stock: 5 },
    { name: 'Withdrawn Forceps', category: 'general-surgery', priceCents: 1_000, stock: 5 },
    {
      name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 2_400,
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }, { name: 'Tip', values: ['Straight', 'Curved'] }],
      variants: [
        { options: { Length: '14 cm', Tip: 'Straight' }, priceCents: 2_400, stock: 8 },
        { options: { Length: '18 cm', Tip: 'Straight' }, priceCents: 3_100, stock: 4 },
        { options: { Length: '18 cm', Tip: 'Curved' }, priceCents: 3_300, stock: 0 },
      ],
    },
    // A product whose only variant is neither Metzenbaum's nor numbered like a product id of this catalogue.
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 900, stock: 6 },
  ]);
  const [kelly, mayo, satinsky, retractor, hidden, metzenbaum, adson] = products.map((p) => p.id);
  ids = { kelly, mayo, satinsky, retractor, hidden, metzenbaum, adson };
  const [short, long, longCurved] = products[5].variants.map((v) => v.id);
  variant = { kelly: products[0].variantId, mayo: products[1].variantId, short, long, longCurved, adson: products[6].variantId };
  await t.database.db.update(productsTable).set({ status: 'archived' }).where(eq(productsTable.id, hidden));
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  bilal = (await createTestUser(t.database.db, { email: 'bilal@example.com' })).headers;
});
afterAll(() => t.close());

const cart = async (headers = ayesha) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/cart/', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const add = (product_id: unknown, quantity?: unknown, headers = ayesha, variant_id?: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id, variant_id, quantity } });
const patch = (id: unknown, quantity: unknown, headers = ayesha) =>
  t.app.inject({ method: 'PATCH', url: `/api/cart/items/${id}/`, headers, payload: { quantity } });
const remove = (id: unknown, headers = ayesha) => t.app.inject({ method: 'DELETE', url: `/api/cart/items/${id}/`, headers });
const emptyCart = async (headers = ayesha) => {
  for (const item of (await cart(headers)).items) await remove(item.id, headers);
};
const setStock = (variantId: number, currentStock: number, reservedStock = 0) =>
  t.database.db.update(inventoryItems).set({ currentStock, reservedStock }).where(eq(inventoryItems.variantId, variantId));

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
      id: expect.any(Number), product_id: ids.mayo, variant_id: variant.mayo, variant_label: '', product_slug: 'mayo-scissors', quantity: 2, unit_price: '129.50',
      total_price: '259.00', sale_quantity: 0, sale_price: null, original_price: null, available_stock: 3, product_name: 'Mayo Scissors', product_image: '/media/test/mayo-scissors.svg',
      product_category: 'general surgery', product_category_translations: {}, product_brand: 'Zenith Instruments', stock_issue: null, licence_issue: null,
      price_notice: null, contract_number: '',
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
    await t.database.db.update(productVariants).set({ priceCents: 2_000 }).where(eq(productVariants.id, variant.kelly));
    expect(await cart()).toMatchObject({ subtotal: '20.00', items: [{ unit_price: '20.00' }] });
    await t.database.db.update(productVariants).set({ priceCents: 1_800 }).where(eq(productVariants.id, variant.kelly));
    await emptyCart();
  });

  it('reports each item\'s stock issue as stock moves', async () => {
    await add(ids.mayo, 3);
    await setStock(variant.mayo, 3, 1);
    expect(await cart()).toMatchObject({ has_stock_issues: true, items: [{ available_stock: 2, stock_issue: 'insufficient' }] });
    await setStock(variant.mayo, 3, 3);
    expect(await cart()).toMatchObject({ has_stock_issues: true, items: [{ available_stock: 0, stock_issue: 'out_of_stock' }] });
    await setStock(variant.mayo, 3, 0);
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
    expect(out.json()).toEqual({ detail: 'Satinsky Clamp is out of stock.', code: 'OUT_OF_STOCK', params: { name: 'Satinsky Clamp' } });
    await add(ids.mayo, 2);
    const more = await add(ids.mayo, 2);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({
      detail: 'Only 3 of Mayo Scissors available.', code: 'INSUFFICIENT_STOCK', params: { name: 'Mayo Scissors', available: 3 },
    });
    expect((await cart()).items).toMatchObject([{ product_id: ids.mayo, quantity: 2 }]);
    await emptyCart();
  });

  it('changes quantities, deletes at 0, and refuses raising beyond stock while allowing lowering', async () => {
    const { items: [item] } = (await add(ids.mayo, 1)).json();
    expect((await patch(item.id, 3)).json().items[0].quantity).toBe(3);
    const tooMany = await patch(item.id, 4);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('INSUFFICIENT_STOCK');
    await setStock(variant.mayo, 1);
    expect((await patch(item.id, 2)).json().items[0]).toMatchObject({ quantity: 2, stock_issue: 'insufficient' });
    await setStock(variant.mayo, 3);
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

describe('a product with variants', () => {
  const lineOf = (body: { items: { variant_id: number }[] }, variantId: number) => body.items.find((item) => item.variant_id === variantId);

  it('needs variant_id, with a 400 naming the options to choose, and adds nothing without it', async () => {
    const res = await add(ids.metzenbaum, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ variant_id: ['Choose Length, Tip.'] });
    expect(res.json().issues.variant_id).toMatchObject([{ key: 'choose_options', params: { options: 'Length, Tip' } }]);
    expect((await cart()).items).toEqual([]);
  });

  it('refuses a variant of another product with a 400 on variant_id, adding nothing', async () => {
    for (const [productId, variantId] of [[ids.metzenbaum, variant.adson], [ids.adson, variant.short], [ids.kelly, 999_999]]) {
      const res = await add(productId, 1, ayesha, variantId);
      expect(res.statusCode, JSON.stringify([productId, variantId])).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['variant_id']);
      expect(res.json().issues.variant_id[0].key).toBe('variant_not_of_product');
    }
    for (const bad of ['x', 0, 1.5]) {
      const res = await add(ids.metzenbaum, 1, ayesha, bad);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['variant_id']);
    }
    expect(await t.database.db.select().from(cartItems)).toEqual([]);
  });

  it('keeps two variants of one product as two lines, each at its own price and stock', async () => {
    await add(ids.metzenbaum, 2, ayesha, variant.short);
    await add(ids.metzenbaum, 1, ayesha, variant.long);
    const body = (await add(ids.metzenbaum, 1, ayesha, variant.short)).json();
    expect(body.items).toHaveLength(2);
    expect(lineOf(body, variant.short)).toMatchObject({
      product_id: ids.metzenbaum, variant_label: '14 cm · Straight', quantity: 3, unit_price: '24.00', total_price: '72.00', available_stock: 8,
    });
    expect(lineOf(body, variant.long)).toMatchObject({
      product_id: ids.metzenbaum, variant_label: '18 cm · Straight', quantity: 1, unit_price: '31.00', total_price: '31.00', available_stock: 4,
    });
    expect(body).toMatchObject({ item_count: 4, subtotal: '103.00' });
    await emptyCart();
  });

  it('checks stock per variant: one sold out while another of the product has plenty', async () => {
    const out = await add(ids.metzenbaum, 1, ayesha, variant.longCurved);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({ code: 'OUT_OF_STOCK', params: { name: 'Metzenbaum Scissors — 18 cm · Curved' } });
    const more = await add(ids.metzenbaum, 5, ayesha, variant.long);
    expect(more.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', params: { name: 'Metzenbaum Scissors — 18 cm · Straight', available: 4 } });
    const { items: [item] } = (await add(ids.metzenbaum, 4, ayesha, variant.long)).json();
    await setStock(variant.short, 0);
    expect(await cart()).toMatchObject({ has_stock_issues: false, items: [{ variant_id: variant.long, available_stock: 4, stock_issue: null }] });
    await setStock(variant.long, 2);
    expect((await cart()).items[0]).toMatchObject({ available_stock: 2, stock_issue: 'insufficient' });
    expect((await patch(item.id, 5)).json().code).toBe('INSUFFICIENT_STOCK');
    await setStock(variant.short, 8);
    await setStock(variant.long, 4);
    await emptyCart();
  });

  it('takes a plain product without variant_id, or with its own', async () => {
    expect((await add(ids.adson, 1)).json().items).toMatchObject([{ product_id: ids.adson, variant_id: variant.adson, variant_label: '' }]);
    expect((await add(ids.adson, 1, ayesha, variant.adson)).json().items).toMatchObject([{ variant_id: variant.adson, quantity: 2 }]);
    await emptyCart();
  });
});
