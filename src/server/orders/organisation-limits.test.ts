import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '#contracts/quotes';
import { orderRequests, spendingLimits } from '../db/schema/organisation-purchasing.ts';
import { orders } from '../db/schema/orders.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { quoteThrough } from '../test/quote-fixtures.ts';

type Headers = Record<string, string>;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: CommerceTestApp;
let productId: number;
let organisationId: string;
let admin: Headers;
let buyers: Headers[];
let staff: Headers;
let keys = 0;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified' });
  organisationId = founder.organisation!.id;
  admin = founder.headers;
  buyers = [];
  for (const name of ['saima', 'usman']) buyers.push((await addMember(db, organisationId, `${name}@mayo.example`, 'buyer')).headers);
  staff = (await createTestUser(db, { email: 'staff@sialkotsurgical.example', staffRole: 'owner' })).headers;
  const { products } = await insertCatalogue(db, ['general-surgery'], [{ name: 'Mayo Scissors', category: 'general-surgery', priceCents: 10_000, stock: 1_000 }]);
  productId = products[0].id;
});
afterAll(() => t.close());

const setLimit = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/organisation/limits/', headers: admin, payload: body });
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0].n;

describe("accepting a quote above a spending limit of the buyer's organisation", () => {
  it('waits for an approver (202, nothing placed or charged), as a cart does, and the quote is accepted once', async () => {
    expect((await setLimit({ per_order: '500.00', per_month: null })).statusCode).toBe(200);
    const quote: Quote = await quoteThrough(t, { buyer: buyers[0], staff }, [{ productId, quantity: 10, unitPrice: '90.00' }]);
    expect(quote.totals?.grand_total).toBe('900.00');
    const before = await orderCount();
    const accept = (key: string) => t.app.inject({
      method: 'POST', url: `/api/quotes/${quote.id}/accept/`, headers: { ...buyers[0], 'idempotency-key': key },
      payload: paymentBody('credit_card', 900) as unknown as Record<string, unknown>,
    });

    const held = await accept('quote-over-limit');
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json()).toEqual({
      success: false, approvalRequired: true, requestId: expect.any(Number),
      message: 'This order is above a spending limit of your organisation: it waits for an approver. Nothing was charged.',
    });
    expect(await orderCount()).toBe(before);
    expect(t.charges.size).toBe(0);
    const [request] = await t.database.db.select().from(orderRequests).where(eq(orderRequests.id, held.json().requestId));
    expect(request).toMatchObject({ status: 'pending', amountCents: 90_000, exceeded: [{ scope: 'organisation', period: 'order', limit: '500.00', spent: '0.00' }] });
    expect(request.lines).toEqual([expect.objectContaining({ productId, quantity: 10, unitPriceCents: 9_000 })]);

    expect((await accept('quote-over-limit')).json()).toEqual(held.json());
    const again = await accept('quote-accepted-again');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ILLEGAL_TRANSITION');
    const view = (await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers: buyers[0] })).json().quote;
    expect(view.status).toBe('accepted');
    await t.database.db.delete(spendingLimits);
  });
});

// PGlite runs one statement at a time, so only PostgreSQL can let two members' checkouts interleave.
describe.skipIf(!onPostgres)('two members paying at once on PostgreSQL', () => {
  it('stay within the monthly limit: one order is placed, the other waits for an approver', async () => {
    for (let round = 0; round < 8; round++) {
      // Each round leaves room for one more $1,000 order this month (its $25 card fee counts as spent), not two.
      const spent = round * 1_025;
      expect((await setLimit({ per_order: null, per_month: `${spent + 1_500}.00` })).statusCode).toBe(200);
      for (const headers of buyers) {
        await t.app.inject({ method: 'POST', url: '/api/cart/clear/', headers });
        expect((await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity: 10 } })).statusCode).toBe(200);
      }
      const answers = await Promise.all(buyers.map((headers) => t.app.inject({
        method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `month-${++keys}` },
        payload: paymentBody('credit_card', 1_000) as unknown as Record<string, unknown>,
      })));
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([201, 202]);
      const held = answers.find((answer) => answer.statusCode === 202)!.json();
      const [request] = await t.database.db.select().from(orderRequests).where(eq(orderRequests.id, held.requestId));
      expect(request.exceeded).toEqual([{ scope: 'organisation', period: 'month', limit: `${spent + 1_500}.00`, spent: `${spent + 1_025}.00` }]);
    }
    expect(await orderCount()).toBe(8);
  }, 120_000);
});
