import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { settleOrderSources } from '../order-sources.ts';
import { GATEWAY_TIMEOUT_MESSAGE } from '../payment/providers/gateway-timeout.ts';
import { refundByHand } from '../refunds/refund-gateway.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createDeferredCardProvider } from '../test/deferred-provider.ts';
import type { InquiryOutcome } from './payment-deps.ts';
import { expireReservations } from './reservation-sweeper.ts';

const STOCK = 10;
// A gateway that hangs until the test lets it answer, long after the timeout.
const gateway = createDeferredCardProvider();
/** What the gateway's status inquiry answers, per transaction id; a charge it has no record of was never made. */
const known = new Map<string, InquiryOutcome>();
let t: CommerceTestApp;
let productId: number;
let variantId: number;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { PAYMENT_TIMEOUT_MS: '100' }, providers: { credit_card: gateway.provider } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: STOCK },
  ]);
  productId = products[0].id;
  variantId = products[0].variantId;
});
afterAll(() => t.close());

/** The sweeper once the 15-minute reservation has run out, asking the test's gateway. */
const sweep = () => expireReservations({
  db: t.database.db, mailer: t.mailer, publicUrl: 'http://shop.test', log: pino({ level: 'silent' }), settleSource: settleOrderSources,
  refundThroughGateway: refundByHand,
  inquire: async (_method, transactionId) => known.get(transactionId) ?? 'failed',
}, new Date(Date.now() + 16 * 60_000));

/** Two units paid by card through the gateway that does not answer in time. */
async function paidToSlowGateway(email: string) {
  const { headers } = await createTestUser(t.database.db, { email });
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity: 2 } });
  const res = await t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `slow-gateway-${email}` },
    payload: paymentBody('credit_card', 111), // 36.00 + 75.00 shipping
  });
  return { res, headers, transactionId: res.json().transactionId as string };
}

async function orderOf(transactionId: string) {
  const [row] = await t.database.db.select({ order: orders, payment: payments }).from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.transactionId, transactionId));
  const events = await t.database.db.select({ status: orderEvents.status }).from(orderEvents).where(eq(orderEvents.orderId, row.order.id));
  return { ...row, confirmations: events.filter((e) => e.status === 'confirmed').length };
}

describe('a payment gateway that does not answer in time', () => {
  it('leaves the payment pending with the order\'s stock reserved; its late success confirms the order once', async () => {
    const { res, headers, transactionId } = await paidToSlowGateway('late-success@example.com');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ success: false, status: 'pending', message: GATEWAY_TIMEOUT_MESSAGE, paymentMethod: 'credit_card' });
    expect(res.json()).not.toHaveProperty('next_action');
    // The result page tells the buyer the shop is confirming it, not to approve anything.
    const verified = await t.app.inject({ method: 'GET', url: `/api/payment/verify/${transactionId}`, headers });
    expect(verified.json()).toMatchObject({ success: false, status: 'pending', approveOnPhone: false });
    expect(await orderOf(transactionId)).toMatchObject({ order: { status: 'pending' }, payment: { status: 'pending', failureMessage: null } });
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: STOCK, reservedStock: 2 });

    gateway.answer(transactionId, { status: 'succeeded', reference: 'LATE-1', message: 'Approved' });
    await vi.waitFor(async () => expect(await orderOf(transactionId)).toMatchObject({
      order: { status: 'confirmed', paymentStatus: 'paid' }, payment: { status: 'succeeded', providerReference: 'LATE-1' }, confirmations: 1,
    }));
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: STOCK - 2, reservedStock: 0 });

    // The gateway's inquiry says the same later: nothing more happens.
    known.set(transactionId, 'succeeded');
    expect(await sweep()).toBe(0);
    expect((await orderOf(transactionId)).confirmations).toBe(1);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: STOCK - 2, reservedStock: 0 });
  });

  it('is confirmed by the sweeper when the gateway\'s inquiry says it succeeded, never failed', async () => {
    const { res, transactionId } = await paidToSlowGateway('inquiry-succeeded@example.com');
    expect(res.statusCode, res.body).toBe(202);
    known.set(transactionId, 'succeeded');
    expect(await sweep()).toBe(0);
    expect(await orderOf(transactionId)).toMatchObject({
      order: { status: 'confirmed', paymentStatus: 'paid' }, payment: { status: 'succeeded', failureMessage: null }, confirmations: 1,
    });
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: STOCK - 4, reservedStock: 0 });
  });

  it('is failed by the sweeper, its stock given back, when the gateway has no record of the charge', async () => {
    const { res, transactionId } = await paidToSlowGateway('never-charged@example.com');
    expect(res.statusCode, res.body).toBe(202);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: STOCK - 4, reservedStock: 2 });
    expect(await sweep()).toBe(1);
    expect(await orderOf(transactionId)).toMatchObject({ order: { status: 'cancelled', paymentStatus: 'failed' }, payment: { status: 'failed' } });
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: STOCK - 4, reservedStock: 0 });
  });

  it('fails the payment and gives the stock back when the gateway\'s late answer is a decline', async () => {
    const { res, transactionId } = await paidToSlowGateway('late-decline@example.com');
    expect(res.statusCode, res.body).toBe(202);
    gateway.answer(transactionId, { status: 'failed', reference: 'LATE-2', message: 'Insufficient funds.', reason: 'insufficient_funds' });
    await vi.waitFor(async () => expect(await orderOf(transactionId)).toMatchObject({
      order: { status: 'cancelled', paymentStatus: 'failed' }, payment: { status: 'failed', failureMessage: 'Insufficient funds.' },
    }));
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: STOCK - 4, reservedStock: 0 });
  });
});
