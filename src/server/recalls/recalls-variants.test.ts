import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalls } from '../db/schema/recalls.ts';
import { receive, stockLevel } from '../inventory/stock-ledger.ts';
import { reserveForOrder, sellForOrder } from '../lots/order-lots.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { daysFromToday, lotsOf } from '../test/lot-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let staff: Record<string, string>;
let plate: number;
const v = { four: 0, six: 0 };
const buyers: Record<'four' | 'six', Record<string, string>> = { four: {}, six: {} };
const orders: Record<'four' | 'six', string> = { four: '', six: '' };

/*
 * A locking plate in 4 and 6 holes; both lengths hold a lot numbered LP-1 (lot numbers are the maker's, per trade
 * item). One order got two 4-hole plates, another one 6-hole plate, both from their LP-1.
 */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { products } = await insertCatalogue(db, ['orthopedics'], [{
    name: 'Locking Plate', category: 'orthopedics', priceCents: 9000, options: [{ name: 'Holes', values: ['4 holes', '6 holes'] }],
    variants: [{ options: { Holes: '4 holes' }, stock: 0 }, { options: { Holes: '6 holes' }, stock: 0 }],
  }]);
  plate = products[0].id;
  [v.four, v.six] = products[0].variants.map((variant) => variant.id);
  for (const variantId of [v.four, v.six]) {
    await receive(db, { variantId, quantity: 3, lot: { lotNumber: 'LP-1', expiryDate: daysFromToday(200) } });
  }
  staff = (await createTestUser(db, { email: 'quality@example.com', staffRole: 'owner' })).headers;
  for (const [key, variantId, quantity] of [['four', v.four, 2], ['six', v.six, 1]] as const) {
    const buyer = await createTestUser(db, { email: `${key}@example.com` });
    buyers[key] = buyer.headers;
    const order = await insertOrder(db, buyer.user.id, [{ productId: plate, quantity }]);
    await reserveForOrder(db, order.id, { variantId, quantity });
    await sellForOrder(db, order.id, { variantId, quantity });
    orders[key] = order.orderNumber;
  }
});
afterAll(() => t.close());

const openRecall = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/recalls/', headers: staff, payload });
const reason = 'Screw holes out of tolerance in this lot.';

describe('recalls of one variant', () => {
  it('refuses a recall that leaves out the variant or names another product’s, writing nothing', async () => {
    const missing = await openRecall({ productId: plate, lotNumbers: ['LP-1'], reason });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ variant_id: ['Choose Holes.'] });
    const foreign = await openRecall({ productId: plate, variant_id: 999_999, lotNumbers: ['LP-1'], reason });
    expect(foreign.json().errors).toEqual({ variant_id: ["This size or version is not one of this product's."] });
    const unknownLot = await openRecall({ productId: plate, variant_id: v.six, lotNumbers: ['LP-9'], reason });
    expect(unknownLot.json().errors).toEqual({ lotNumbers: ['Lot LP-9 is not a lot of this variant.'] });
    expect(await t.database.db.select().from(recalls)).toEqual([]);
    expect(await lotsOf(t.database.db, v.four)).toMatchObject({ 'LP-1': { current: 1 } });
  });

  it('reaches only the orders that got the recalled variant, and quarantines only its lot', async () => {
    const before = await stockLevel(t.database.db, v.six);
    const response = await openRecall({ productId: plate, variant_id: v.four, lotNumbers: ['LP-1'], reason });
    expect(response.statusCode, response.body).toBe(201);
    const recall = response.json();
    expect(recall).toMatchObject({
      productId: plate, variantId: v.four, variantLabel: '4 holes', productModel: 'T-1000', productName: 'Locking Plate',
      progress: { orders: 1, units: 2, notified: 1 },
    });
    expect(recall.notices.map((n: { orderNumber: string; quantity: number }) => [n.orderNumber, n.quantity])).toEqual([[orders.four, 2]]);
    expect(t.mailer.sent.filter((m) => m.subject.includes('Recall')).map((m) => m.subject))
      .toEqual([expect.stringContaining('Locking Plate (4 holes)')]);

    const notices = async (key: 'four' | 'six') =>
      (await t.app.inject({ method: 'GET', url: '/api/recalls/notices/', headers: buyers[key] })).json().notices;
    expect(await notices('six')).toEqual([]);
    expect(await notices('four')).toEqual([expect.objectContaining({ variantId: v.four, variantLabel: '4 holes', quantity: 2 })]);

    // The 4-hole plate's last free unit of LP-1 is written off; the 6-hole plates' LP-1 still sells.
    expect(await lotsOf(t.database.db, v.four)).toMatchObject({ 'LP-1': { current: 0 } });
    expect(await stockLevel(t.database.db, v.six)).toEqual(before);
    const lots = (await t.app.inject({ method: 'GET', url: `/api/lots/products/${plate}/`, headers: staff })).json().lots;
    expect(lots.map((lot: { variantId: number; variantLabel: string; lotNumber: string; status: string }) =>
      [lot.variantId, lot.variantLabel, lot.lotNumber, lot.status])).toEqual([
      [v.four, '4 holes', 'LP-1', 'recalled'],
      [v.six, '6 holes', 'LP-1', 'sellable'],
    ]);
    const [summary] = (await t.app.inject({ method: 'GET', url: '/api/recalls/', headers: staff })).json().recalls;
    expect(summary).toMatchObject({ variantId: v.four, variantLabel: '4 holes' });
  });
});
