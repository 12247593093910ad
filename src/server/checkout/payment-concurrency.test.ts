import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { receive, stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';

const BUYERS = 50;
const UNITS = 10;
const PLENTY = 500;

let t: CommerceTestApp;
/** Kelly Hemostat in two lengths: few of the 14 cm, plenty of the 16 cm. */
let scarce: number;
let plenty: number;
let buyers: Record<string, string>[];
/** Two more buyers who race for one unit restocked afterwards. */
let racers: Record<string, string>[];

// 18.00 + 22.00 + 75.00 shipping, tax 0: $115.00, or PKR 32,027.50 charged in whole rupees, 32,028.
const pay = (headers: Record<string, string>, key: string, card: boolean) => t.app.inject({
  method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': key },
  payload: paymentBody(card ? 'credit_card' : 'jazzcash', card ? 115 : 32_028),
});
const paidOrders = async () => (await t.database.db.select({ n: count() }).from(orders)
  .where(and(eq(orders.status, 'confirmed'), eq(orders.paymentStatus, 'paid'))))[0].n;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [{
    name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800,
    options: [{ name: 'Length', values: ['14 cm', '16 cm'] }],
    variants: [{ options: { Length: '14 cm' }, priceCents: 1_800, stock: UNITS }, { options: { Length: '16 cm' }, priceCents: 2_200, stock: PLENTY }],
  }]);
  const [product] = products;
  [scarce, plenty] = product.variants.map((variant) => variant.id);
  const everyone = [];
  for (let i = 0; i < BUYERS + 2; i++) everyone.push((await createTestUser(t.database.db, { email: `buyer${i}@example.com` })).headers);
  for (const headers of everyone) {
    for (const variantId of [scarce, plenty]) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: product.id, variant_id: variantId, quantity: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  buyers = everyone.slice(0, BUYERS);
  racers = everyone.slice(BUYERS);
}, 120_000);
afterAll(() => t.close());

describe(`${BUYERS} buyers paying at once for ${UNITS} units of one variant (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('makes exactly as many paid orders as the variant had units, refuses the rest, and never goes below zero', async () => {
    const answers = await Promise.all(buyers.map((headers, i) => pay(headers, `buyer-${i}`, i % 2 === 1)));
    const paid = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(paid).toHaveLength(UNITS);
    expect(refused).toHaveLength(BUYERS - UNITS);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toEqual({
        detail: 'Insufficient stock for Kelly Hemostat — 14 cm: only 0 available.', code: 'INSUFFICIENT_STOCK',
        params: { name: 'Kelly Hemostat — 14 cm', available: 0 },
      });
    }
    expect(await stockLevel(t.database.db, scarce)).toEqual({ variantId: scarce, currentStock: 0, reservedStock: 0, availableStock: 0 });
    // The other length sold only on the paid orders, and nothing of it stays reserved by a refused one.
    expect(await stockLevel(t.database.db, plenty))
      .toEqual({ variantId: plenty, currentStock: PLENTY - UNITS, reservedStock: 0, availableStock: PLENTY - UNITS });
    expect(await paidOrders()).toBe(UNITS);
    expect((await t.database.db.select({ n: count() }).from(orders))[0].n).toBe(UNITS);
    expect((await t.database.db.select({ n: count() }).from(payments))[0].n).toBe(UNITS);
    expect(t.charges.size).toBe(UNITS);
  });

  it('sells the last unit of the variant to one of two buyers, while its other length has plenty', async () => {
    await receive(t.database.db, { variantId: scarce, quantity: 1, reason: 'Restock' });
    const answers = await Promise.all(racers.map((headers, i) => pay(headers, `racer-${i}`, i === 0)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json())
      .toEqual({
        detail: 'Insufficient stock for Kelly Hemostat — 14 cm: only 0 available.', code: 'INSUFFICIENT_STOCK',
        params: { name: 'Kelly Hemostat — 14 cm', available: 0 },
      });
    expect(await stockLevel(t.database.db, scarce)).toMatchObject({ currentStock: 0, reservedStock: 0 });
    expect(await stockLevel(t.database.db, plenty)).toMatchObject({ currentStock: PLENTY - UNITS - 1, reservedStock: 0 });
    expect(await paidOrders()).toBe(UNITS + 1);
  });
});
