import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockChange } from '#contracts/inventory';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { afterStockCommit, stockChanges } from './after-stock-commit.ts';
import { stockLevel } from './stock-ledger.ts';

let t: TestApp;
let staff: Record<string, string>;
let scissors: number;
let forceps: number;
/** The scissors' variants; the forceps' only one. */
const v = { short: 0, long: 0, curved: 0, forceps: 0 };

/*
 * The scissors come first, so their variant ids (1–3) overlap the forceps' product id (2): a product id taken for a
 * variant id, or the other way round, lands on the wrong stock.
 *   Metzenbaum Scissors  14 cm · Straight  $20.00 × 10 → in stock, value 200.00
 *                        18 cm · Straight  $24.00 ×  3 → low,      value  72.00
 *                        18 cm · Curved    $26.00 ×  0 → out,      value   0.00
 *   Adson Forceps        (plain)           $12.00 ×  7 → in stock, value  84.00
 */
beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    {
      name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 2000,
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }, { name: 'Tip', values: ['Straight', 'Curved'] }],
      variants: [
        { options: { Length: '14 cm', Tip: 'Straight' }, priceCents: 2000, stock: 10 },
        { options: { Length: '18 cm', Tip: 'Straight' }, priceCents: 2400, stock: 3 },
        { options: { Length: '18 cm', Tip: 'Curved' }, priceCents: 2600, stock: 0 },
      ],
    },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 1200, stock: 7 },
  ]);
  [scissors, forceps] = products.map((p) => p.id);
  [v.short, v.long, v.curved] = products[0].variants.map((variant) => variant.id);
  v.forceps = products[1].variantId;
  staff = (await createTestUser(t.database.db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: staff })).json();
const send = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, headers: staff, payload });
const movement = (productId: number, payload: object) => send('POST', `/api/inventory/${productId}/movements/create/`, payload);

type Item = { productId: number; variantId: number; variantLabel: string; productName: string; productModel: string; totalStock: number; stockValue: string };

describe('inventory of products with variants', () => {
  it('lists one item per variant, a product’s variants together in their order', async () => {
    const body = await get('/api/inventory/items/');
    expect(body.pagination.totalItems).toBe(4);
    expect((body.items as Item[]).map((i) => [i.productId, i.variantId, i.productName, i.variantLabel, i.productModel, i.totalStock, i.stockValue]))
      .toEqual([
        [forceps, v.forceps, 'Adson Forceps', '', 'T-1001', 7, '84.00'],
        [scissors, v.short, 'Metzenbaum Scissors', '14 cm · Straight', 'T-1000', 10, '200.00'],
        [scissors, v.long, 'Metzenbaum Scissors', '18 cm · Straight', 'T-1000-2', 3, '72.00'],
        [scissors, v.curved, 'Metzenbaum Scissors', '18 cm · Curved', 'T-1000-3', 0, '0.00'],
      ]);
    const labels = async (query: string) => ((await get(`/api/inventory/items/?${query}`)).items as Item[]).map((i) => i.variantLabel);
    expect(await labels('page=2&per_page=2')).toEqual(['18 cm · Straight', '18 cm · Curved']);
    expect(await labels('status=low_stock')).toEqual(['18 cm · Straight']);
    expect(await labels('status=out_of_stock')).toEqual(['18 cm · Curved']);
    expect(await labels('search=T-1000-3')).toEqual(['18 cm · Curved']);
    expect(await get('/api/inventory/overview/')).toEqual({ totalProducts: 2, lowStockItems: 1, outOfStock: 1, totalStockValue: '356.00' });
  });

  it('offers variants to receive stock into, out of stock first', async () => {
    const { items } = await get('/api/inventory/list/?search=metzenbaum');
    expect(items.map((c: Item) => [c.productId, c.variantId, c.variantLabel, c.productModel])).toEqual([
      [scissors, v.curved, '18 cm · Curved', 'T-1000-3'],
      [scissors, v.short, '14 cm · Straight', 'T-1000'],
      [scissors, v.long, '18 cm · Straight', 'T-1000-2'],
    ]);
  });

  it('opens a low or out-of-stock alert per variant, labelled with the variant', async () => {
    const { alerts } = await get('/api/inventory/alerts/');
    expect(alerts.map((a: { productId: number; variantId: number; variantLabel: string; kind: string }) => [a.productId, a.variantId, a.variantLabel, a.kind]))
      .toEqual([[scissors, v.curved, '18 cm · Curved', 'out'], [scissors, v.long, '18 cm · Straight', 'low']]);
  });

  it('refuses a movement or threshold without the variant, or with another product’s, writing nothing', async () => {
    const before = await Promise.all([v.short, v.long, v.curved, v.forceps].map((id) => stockLevel(t.database.db, id)));
    const cases: [string, object][] = [
      ['Choose Length, Tip.', { kind: 'receive', quantity: 5, reason: 'Delivery' }],
      ["This size or version is not one of this product's.", { kind: 'receive', quantity: 5, reason: 'Delivery', variantId: v.forceps }],
      ["This size or version is not one of this product's.", { kind: 'damage', quantity: 1, reason: 'Bent', variantId: 999_999 }],
    ];
    for (const [message, payload] of cases) {
      const res = await movement(scissors, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual({ variantId: [message] });
    }
    // The forceps' product id is also a scissors variant's id: named as a variant of the forceps, it is refused.
    expect((await movement(forceps, { kind: 'receive', quantity: 1, variantId: v.long })).json().errors).toEqual({
      variantId: ["This size or version is not one of this product's."],
    });
    const threshold = await send('PATCH', `/api/inventory/${scissors}/threshold/`, { lowStockThreshold: 1 });
    expect(threshold.statusCode).toBe(400);
    expect(threshold.json().errors).toEqual({ variantId: ['Choose Length, Tip.'] });
    expect((await send('PATCH', `/api/inventory/${scissors}/threshold/`, { lowStockThreshold: 1, variantId: 'long' })).json().errors)
      .toHaveProperty('variantId');

    expect((await get(`/api/inventory/${scissors}/movements/`)).movements).toEqual([]);
    expect((await get(`/api/inventory/${forceps}/movements/`)).movements).toEqual([]);
    expect(await Promise.all([v.short, v.long, v.curved, v.forceps].map((id) => stockLevel(t.database.db, id)))).toEqual(before);
    expect(((await get('/api/inventory/items/')).items as (Item & { lowStockThreshold: number })[]).map((i) => i.lowStockThreshold))
      .toEqual([5, 5, 5, 5]);
  });

  it('moves the named variant’s stock only, and lists the product’s movements with their variants', async () => {
    const res = await movement(scissors, { kind: 'receive', quantity: 4, reason: 'Delivery', variantId: v.curved });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      movement: { productId: scissors, variantId: v.curved, variantLabel: '18 cm · Curved', kind: 'receive', quantity: 4 },
      item: { productId: scissors, variantId: v.curved, variantLabel: '18 cm · Curved', productModel: 'T-1000-3', totalStock: 4 },
    });
    expect((await movement(scissors, { kind: 'damage', quantity: 1, reason: 'Bent tip', variantId: v.short })).statusCode).toBe(201);
    // A product with one variant needs none named.
    expect((await movement(forceps, { kind: 'receive', quantity: 1, reason: 'Delivery' })).json().item)
      .toMatchObject({ variantId: v.forceps, totalStock: 8 });

    const { movements } = await get(`/api/inventory/${scissors}/movements/`);
    expect(movements.map((m: { variantId: number; variantLabel: string; quantity: number }) => [m.variantId, m.variantLabel, m.quantity]))
      .toEqual([[v.short, '14 cm · Straight', -1], [v.curved, '18 cm · Curved', 4]]);
    expect((await stockLevel(t.database.db, v.long)).currentStock).toBe(3);
    expect((await stockLevel(t.database.db, v.short)).currentStock).toBe(9);

    const threshold = await send('PATCH', `/api/inventory/${scissors}/threshold/`, { lowStockThreshold: 2, variantId: v.long });
    expect(threshold.json()).toMatchObject({ variantId: v.long, lowStockThreshold: 2, isLowStock: false });
    // 18 cm · Straight is no longer low at its own threshold; 18 cm · Curved, with 4 against 5, now is.
    const { alerts } = await get('/api/inventory/alerts/');
    expect(alerts.map((a: { variantId: number; kind: string }) => [a.variantId, a.kind])).toEqual([[v.curved, 'low']]);
  });

  it('answers for the product as a whole where a product id asks about stock: the sums over its variants', async () => {
    // Now: 14 cm · Straight 9, 18 cm · Straight 3 (threshold 2), 18 cm · Curved 4.
    expect(await get(`/api/inventory/${scissors}/status/`)).toMatchObject({
      productId: scissors, currentStock: 16, reservedStock: 0, availableStock: 16,
    });
    const [change] = await stockChanges(t.database.db, [scissors]);
    expect(change).toMatchObject({
      productId: scissors, currentStock: 16, reservedStock: 0, availableStock: 16, lowStockThreshold: 12,
      variants: [
        { variantId: v.short, currentStock: 9, availableStock: 9, reservedStock: 0 },
        { variantId: v.long, currentStock: 3, availableStock: 3, reservedStock: 0 },
        { variantId: v.curved, currentStock: 4, availableStock: 4, reservedStock: 0 },
      ],
    });

    // A variant's change reaches live pages as its product's figures.
    const published: StockChange[] = [];
    await afterStockCommit(t.database.db, [v.long, v.curved], {
      publicUrl: 'http://shop.test', log: pino({ level: 'silent' }), push: (pushed) => published.push(pushed),
    });
    expect(published).toEqual([change]);
  });
});
