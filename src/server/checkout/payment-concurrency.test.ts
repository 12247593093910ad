import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';

const BUYERS = 50;
const UNITS = 10;

let t: CommerceTestApp;
let productId: number;
let buyers: Record<string, string>[];

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: UNITS },
  ]);
  productId = products[0].id;
  buyers = [];
  for (let i = 0; i < BUYERS; i++) buyers.push((await createTestUser(t.database.db, { email: `buyer${i}@example.com` })).headers);
  for (const headers of buyers) {
    const res = await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity: 1 } });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 120_000);
afterAll(() => t.close());

describe(`${BUYERS} buyers paying at once for ${UNITS} units (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('makes exactly as many paid orders as there were units, refuses the rest, and never goes below zero', async () => {
    // 18.00 + 75.00 shipping, tax 0: $93.00, or PKR 25,900.50 charged in whole rupees, 25,901.
    const answers = await Promise.all(buyers.map((headers, i) => t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `buyer-${i}` },
      payload: paymentBody(i % 2 ? 'credit_card' : 'jazzcash', i % 2 ? 93 : 25_901),
    })));
    const paid = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(paid).toHaveLength(UNITS);
    expect(refused).toHaveLength(BUYERS - UNITS);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toEqual({ detail: 'Insufficient stock for Kelly Hemostat: only 0 available.', code: 'INSUFFICIENT_STOCK' });
    }
    expect(await stockLevel(t.database.db, productId)).toEqual({ productId, currentStock: 0, reservedStock: 0, availableStock: 0 });
    const [{ n: paidOrders }] = await t.database.db.select({ n: count() }).from(orders)
      .where(and(eq(orders.status, 'confirmed'), eq(orders.paymentStatus, 'paid')));
    expect(paidOrders).toBe(UNITS);
    expect((await t.database.db.select({ n: count() }).from(orders))[0].n).toBe(UNITS);
    expect((await t.database.db.select({ n: count() }).from(payments))[0].n).toBe(UNITS);
    expect(t.charges.size).toBe(UNITS);
  });
});
