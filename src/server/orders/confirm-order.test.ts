import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { settleOrderSources } from '../order-sources.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createDeferredCardProvider } from '../test/deferred-provider.ts';
import { confirmOrder } from './confirm-order.ts';
import { failPayment } from './fail-payment.ts';
import { refundByHand } from '../refunds/refund-gateway.ts';

const gateway = createDeferredCardProvider();
let t: CommerceTestApp;
let buyer: Record<string, string>;
let owner: Record<string, string>;
let productId: number;
let variantId: number;

beforeAll(async () => {
  t = await createCommerceTestApp({ providers: { credit_card: gateway.provider }, refundThroughGateway: refundByHand });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 10 },
  ]);
  productId = products[0].id;
  variantId = products[0].variantId;
  buyer = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  owner = (await createTestUser(t.database.db, { email: 'owner@sialkotsurgical.example', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());

const deps = () => ({
  db: t.database.db, mailer: t.mailer, publicUrl: 'http://shop.test', log: pino({ level: 'silent' }), settleSource: settleOrderSources,
  refundThroughGateway: refundByHand,
});
/** A card payment for `quantity` units, held at the gateway: its transaction id and the buyer's answer to come. */
async function payingFor(quantity: number, key: string) {
  await t.app.inject({ method: 'POST', url: '/api/cart/clear/', headers: buyer });
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: productId, quantity } });
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json();
  const reached = gateway.next();
  const answer = t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': key },
    payload: paymentBody('credit_card', Number(cart.grand_total)) as unknown as Record<string, unknown>,
  });
  return { transactionId: await reached, answer };
}
const attempt = async (transactionId: string) => (await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId)))[0];
const eventsOf = async (orderId: string) =>
  (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((event) => event.event);
const cartLines = async () => (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json().items.length;

describe('confirmOrder', () => {
  it('confirms once when the notification and the return arrive together; the gateway\'s own answer then finds it done', async () => {
    const { transactionId, answer } = await payingFor(2, 'two-callers');
    const { orderId } = await attempt(transactionId);
    const results = await Promise.all([
      confirmOrder(deps(), transactionId, { gatewayReference: 'ch_notified' }),
      confirmOrder(deps(), transactionId, { gatewayReference: 'ch_notified' }),
    ]);
    expect(results.map((result) => result!.result).sort()).toEqual(['already_confirmed', 'confirmed']);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 8, reservedStock: 0 });
    expect(await attempt(transactionId)).toMatchObject({ status: 'succeeded', providerReference: 'ch_notified', refundDueAt: null });
    expect(await eventsOf(orderId)).toEqual(['placed', 'payment_received']);
    expect(await cartLines()).toBe(0);

    gateway.answer(transactionId, { status: 'succeeded', reference: 'ch_notified', message: 'Card payment approved.' });
    const paid = await answer;
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ success: true, transactionId, orderId });
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 8, reservedStock: 0 });
    expect(await eventsOf(orderId)).toEqual(['placed', 'payment_received']);
    expect(await confirmOrder(deps(), 'TXN-UNKNOWN', {})).toBeNull();
  });

  it('fails a payment once from two callers; a charge reported after that is flagged for a refund, once', async () => {
    const { transactionId, answer } = await payingFor(3, 'failed-then-charged');
    const { orderId } = await attempt(transactionId);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 8, reservedStock: 3 });
    const released = await Promise.all([
      failPayment(deps(), transactionId, { reason: 'Card declined.' }),
      failPayment(deps(), transactionId, { reason: 'Card declined.' }),
    ]);
    expect(released.sort()).toEqual([false, true]);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 8, reservedStock: 0 });
    expect(await attempt(transactionId)).toMatchObject({ status: 'failed', failureMessage: 'Card declined.' });

    expect((await confirmOrder(deps(), transactionId, { gatewayReference: 'ch_late' }))!.result).toBe('refund_due');
    expect((await confirmOrder(deps(), transactionId, { gatewayReference: 'ch_late' }))!.result).toBe('refund_due');
    const charged = await attempt(transactionId);
    expect(charged).toMatchObject({ status: 'succeeded', providerReference: 'ch_late', failureMessage: 'Charged after the reservation expired: refund due.' });
    expect(charged.refundDueAt).toBeInstanceOf(Date);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: 'cancelled' });
    expect(await eventsOf(orderId)).toEqual(['placed', 'payment_failed', 'refund_due']);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 8, reservedStock: 0 });
    const listed = await t.app.inject({ method: 'GET', url: '/api/staff/payments/unsettled/', headers: owner });
    expect(listed.json().payments).toEqual([expect.objectContaining({ transactionId, state: 'refund_due', status: 'succeeded', gatewayReference: 'ch_late' })]);

    gateway.answer(transactionId, { status: 'succeeded', reference: 'ch_late', message: 'Card payment approved.' });
    const late = await answer;
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'RESERVATION_EXPIRED', transactionId });
    expect(await eventsOf(orderId)).toEqual(['placed', 'payment_failed', 'refund_due']);
    expect(await failPayment(deps(), transactionId, { reason: 'Card declined.' })).toBe(false);
    expect(await attempt(transactionId)).toMatchObject({ status: 'succeeded' });
  });
});
