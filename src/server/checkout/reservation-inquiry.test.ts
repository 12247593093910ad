import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayMethod } from '#contracts/payment';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { settleOrderSources } from '../order-sources.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createDeferredCardProvider } from '../test/deferred-provider.ts';
import type { InquiryOutcome } from './payment-deps.ts';
import { expireReservations } from './reservation-sweeper.ts';
import { refundByHand } from '../refunds/refund-gateway.ts';

const gateway = createDeferredCardProvider();
/** What the gateway's inquiry answers, per transaction id; a charge it has not heard of is `unknown`. */
const known = new Map<string, InquiryOutcome>();
const asked: [GatewayMethod, string][] = [];
let t: CommerceTestApp;
let productId: number;
let variantId: number;
let staff: Record<'owner' | 'sales' | 'fulfilment' | 'buyer', Record<string, string>>;

beforeAll(async () => {
  t = await createCommerceTestApp({ providers: { credit_card: gateway.provider }, refundThroughGateway: refundByHand });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 20 },
  ]);
  productId = products[0].id;
  variantId = products[0].variantId;
  const { db } = t.database;
  staff = {
    owner: (await createTestUser(db, { email: 'owner@sialkotsurgical.example', staffRole: 'owner' })).headers,
    sales: (await createTestUser(db, { email: 'sales@sialkotsurgical.example', staffRole: 'sales' })).headers,
    fulfilment: (await createTestUser(db, { email: 'packing@sialkotsurgical.example', staffRole: 'fulfilment' })).headers,
    buyer: (await createTestUser(db, { email: 'zainab@example.com' })).headers,
  };
});
afterAll(() => t.close());

const deps = () => ({
  db: t.database.db, mailer: t.mailer, publicUrl: 'http://shop.test', log: pino({ level: 'silent' }), settleSource: settleOrderSources,
  refundThroughGateway: refundByHand,
  inquire: async (method: GatewayMethod, transactionId: string) => {
    asked.push([method, transactionId]);
    return known.get(transactionId) ?? 'unknown';
  },
});

/** A buyer who paid for `quantity` units by card and walked away while the gateway was still charging. */
async function abandoned(email: string, quantity: number) {
  const { headers } = await createTestUser(t.database.db, { email });
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity } });
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json();
  const reached = gateway.next();
  void t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `walked-away-${email}` },
    payload: paymentBody('credit_card', Number(cart.grand_total)) as unknown as Record<string, unknown>,
  });
  const transactionId = await reached;
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId));
  return { transactionId, orderId: payment.orderId, headers };
}
const orderOf = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
const eventsOf = async (orderId: string) =>
  (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((event) => event.event);
/** The clock moved past their reservations: they ran out a minute ago. */
const runOut = (abandonedOrders: { orderId: string }[]) => t.database.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 60_000) })
  .where(inArray(orders.id, abandonedOrders.map((order) => order.orderId)));
const unsettled = (headers?: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/staff/payments/unsettled/', headers });

describe('the reservation sweeper asks the gateway first', () => {
  it('confirms a charge the gateway reports succeeded, keeps one it cannot speak for, and releases one that failed', async () => {
    const charged = await abandoned('charged@example.com', 2);
    const unsure = await abandoned('unsure@example.com', 3);
    const failed = await abandoned('failed@example.com', 4);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 20, reservedStock: 9 });
    known.set(charged.transactionId, 'succeeded');
    known.set(failed.transactionId, 'failed');
    const expiry = (await orderOf(charged.orderId)).reservationExpiresAt!;

    expect(await expireReservations(deps(), new Date(expiry.getTime() - 60_000))).toBe(0);
    expect(asked).toEqual([]);
    await runOut([charged, unsure, failed]);
    expect(await expireReservations(deps())).toBe(1);
    expect(asked.map(([method, id]) => [method, id]).sort()).toEqual(
      [charged, unsure, failed].map(({ transactionId }) => ['credit_card', transactionId]).sort());

    expect(await orderOf(charged.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await eventsOf(charged.orderId)).toEqual(['placed', 'payment_received']);
    expect((await t.app.inject({ method: 'GET', url: '/api/cart/', headers: charged.headers })).json().items).toEqual([]);
    expect(await orderOf(unsure.orderId)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(await orderOf(failed.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    // Sold 2, still holding 3 for the one nobody can settle yet, 4 given back.
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 18, reservedStock: 3 });

    const listed = await unsettled(staff.sales);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().payments).toEqual([expect.objectContaining({
      transactionId: unsure.transactionId, orderId: unsure.orderId, state: 'needs_settling', status: 'pending', method: 'credit_card', currency: 'USD',
    })]);

    // Still pending at the gateway: kept again; then it fails, and the sweeper gives the stock back.
    known.set(unsure.transactionId, 'pending');
    expect(await expireReservations(deps())).toBe(0);
    expect(await orderOf(unsure.orderId)).toMatchObject({ status: 'pending' });
    known.set(unsure.transactionId, 'failed');
    expect(await expireReservations(deps())).toBe(1);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 18, reservedStock: 0 });
    expect((await unsettled(staff.owner)).json().payments).toEqual([]);
  });

  it('never marks failed a payment the gateway reports succeeded, nor releases its order, while its inquiry fails', async () => {
    const charged = await abandoned('flaky@example.com', 1);
    await runOut([charged]);
    const broken = { ...deps(), inquire: async () => { throw new Error('gateway unreachable'); } };
    expect(await expireReservations(broken)).toBe(0);
    expect(await orderOf(charged.orderId)).toMatchObject({ status: 'pending' });
    expect((await unsettled(staff.owner)).json().payments).toEqual([expect.objectContaining({ transactionId: charged.transactionId, state: 'needs_settling' })]);
    known.set(charged.transactionId, 'succeeded');
    expect(await expireReservations(deps())).toBe(0);
    expect(await orderOf(charged.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, charged.transactionId));
    expect(payment).toMatchObject({ status: 'succeeded', failureMessage: null });
  });
});

describe('GET /api/staff/payments/unsettled/', () => {
  it('is for the owner and sales; other staff and buyers get 403, and signed out 401', async () => {
    expect((await unsettled(staff.owner)).statusCode).toBe(200);
    expect((await unsettled(staff.sales)).statusCode).toBe(200);
    expect((await unsettled(staff.fulfilment)).statusCode).toBe(403);
    expect((await unsettled(staff.buyer)).statusCode).toBe(403);
    expect((await unsettled()).statusCode).toBe(401);
  });
});
