import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createGatedCardProvider } from '../test/gated-provider.ts';
import { RESERVATION_MS } from '../orders/place-order.ts';
import { settleOrderSources } from '../order-sources.ts';
import { expireReservations } from './reservation-sweeper.ts';
import { refundByHand } from '../refunds/refund-gateway.ts';

const gate = createGatedCardProvider();
let t: CommerceTestApp;
let ayesha: Record<string, string>;
let productId: number;
let variantId: number;

beforeAll(async () => {
  t = await createCommerceTestApp({ providers: { credit_card: gate.provider }, refundThroughGateway: refundByHand });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 10 },
  ]);
  productId = products[0].id;
  variantId = products[0].variantId;
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
});
afterAll(() => t.close());

const deps = () => ({
  db: t.database.db, mailer: t.mailer, publicUrl: 'http://shop.test', log: pino({ level: 'silent' }), settleSource: settleOrderSources,
  refundThroughGateway: refundByHand,
});
const welcomeUses = async () => (await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'WELCOME10')))[0].uses;

describe('expireReservations', () => {
  it('gives back the stock and promo use of a payment abandoned for 15 minutes; a charge that still lands takes the stock again', async () => {
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: ayesha, payload: { product_id: productId, quantity: 4 } });
    const cart = (await t.app.inject({ method: 'POST', url: '/api/cart/promo/', headers: ayesha, payload: { code: 'WELCOME10' } })).json();
    const payload = paymentBody('credit_card', Number(cart.grand_total));
    const inFlight = t.app.inject({ method: 'POST', url: '/api/payment/process', headers: { ...ayesha, 'idempotency-key': 'walked-away' }, payload });
    await gate.started();

    const [order] = await t.database.db.select().from(orders);
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(order.reservationExpiresAt!.getTime() - order.createdAt.getTime()).toBeCloseTo(RESERVATION_MS, -3);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 10, reservedStock: 4, availableStock: 6 });
    expect(await welcomeUses()).toBe(1);

    expect(await expireReservations(deps(), new Date(order.reservationExpiresAt!.getTime() - 1_000))).toBe(0);
    expect(await expireReservations(deps(), new Date(order.reservationExpiresAt!.getTime() + 1_000))).toBe(1);
    const [expired] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(expired).toMatchObject({ status: 'cancelled', paymentStatus: 'failed', reservationExpiresAt: null });
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 10, reservedStock: 0, availableStock: 10 });
    expect(await welcomeUses()).toBe(0);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id);
    expect(events.map((e) => [e.event, e.description])).toEqual([
      ['placed', 'Order placed'], ['reservation_expired', 'Reservation expired: payment not completed'],
    ]);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ status: 'failed', failureMessage: 'Payment was not completed within 15 minutes.' });
    expect(await expireReservations(deps(), new Date(order.reservationExpiresAt!.getTime() + 60_000))).toBe(0);

    gate.answer({ status: 'succeeded', reference: 'ch_late', message: 'Card payment approved.' });
    const late = await inFlight;
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ success: true, transactionId: payment.transactionId, orderId: order.id });
    const [charged] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(charged).toMatchObject({ status: 'succeeded', providerReference: 'ch_late', failureMessage: null, refundDueAt: null });
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 6, reservedStock: 0 });
    const again = await t.app.inject({ method: 'POST', url: '/api/payment/process', headers: { ...ayesha, 'idempotency-key': 'walked-away' }, payload });
    expect(again.json()).toEqual(late.json());
    expect([...t.charges.values()]).toEqual([1]);
  });

  it('leaves paid orders alone', async () => {
    gate.hold();
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: ayesha, payload: { product_id: productId, quantity: 4 } });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: ayesha })).json();
    const paying = t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...ayesha, 'idempotency-key': 'paid' },
      payload: paymentBody('credit_card', Number(cart.grand_total)),
    });
    await gate.started();
    gate.answer({ status: 'succeeded', reference: 'ch_ok', message: 'Card payment approved.' });
    expect((await paying).statusCode).toBe(201);
    expect(await expireReservations(deps(), new Date(Date.now() + 2 * RESERVATION_MS))).toBe(0);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 2, reservedStock: 0 });
  });
});
