import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { refunds } from '../db/schema/refunds.ts';
import { adjust, stockLevel } from '../inventory/stock-ledger.ts';
import { payOnPage, startGatewayCheckout, type GatewayCheckout } from '../test/gateway-checkout.ts';
import { formsOf, postForm } from '../test/gateway-simulator-kit.ts';

/**
 * A buyer who leaves JazzCash's hosted page open past the 15-minute reservation, over the network as in the demo: the
 * sweeper asks JazzCash, which has no record of a payment not yet made, and the order is cancelled with its stock
 * given back. When the buyer pays after all, the charge is taken up: the stock reserved again while it is there, or
 * else the card refunded through JazzCash's refund API and the buyer mailed.
 */
let shop: GatewayCheckout;

beforeAll(async () => {
  shop = await startGatewayCheckout();
});
afterAll(() => shop.close());

const db = () => shop.t.database.db;
const CARD = { instrument: 'card', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' };

/** The reservation runs out and the sweeper's period has passed: its next tick asks JazzCash and settles the order. */
async function sweepPastReservation(orderId: string) {
  await db().update(orders).set({ reservationExpiresAt: new Date(Date.now() - 1_000) }).where(eq(orders.id, orderId));
  await db().execute(sql`update job_runs set last_started_at = now() - interval '1 hour' where name = 'reservation-sweep'`);
  await vi.waitFor(async () => expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe('cancelled'), { timeout: 15_000 });
}

/** A hosted JazzCash payment left open on its page until the sweeper cancelled its order. */
async function leftOpenOnPage() {
  const { headers, body } = await shop.pay('jazzcash', undefined);
  expect(body.status).toBe('requires_action');
  const { order } = await shop.orderOf(body.transactionId);
  await sweepPastReservation(order.id);
  expect(await stockLevel(db(), shop.variantId)).toMatchObject({ reservedStock: 0 });
  return { headers, body, order };
}

/** The buyer pays on the page after all and is posted back to the shop. */
async function paysLate(nextAction: Parameters<typeof payOnPage>[0]) {
  const [back] = formsOf(await (await payOnPage(nextAction, CARD)).text());
  return postForm(back.action, back.fields);
}

const eventsOf = async (orderId: string) =>
  (await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((event) => event.event);

describe('a JazzCash payment made after its reservation ran out', () => {
  it('confirms the order, its stock reserved again and sold once, when the stock is still there', async () => {
    const before = await stockLevel(db(), shop.variantId);
    const { headers, body, order } = await leftOpenOnPage();

    const returned = await paysLate(body.next_action);
    expect(returned.headers.get('location')).toBe(`/payment/result?transaction_id=${body.transactionId}&status=success`);
    await vi.waitFor(async () => expect((await shop.orderOf(body.transactionId)).order.status).toBe('confirmed'));
    const { payment, confirmations } = await shop.orderOf(body.transactionId);
    expect(payment.status).toBe('succeeded');
    expect(confirmations).toBe(1);
    expect(await stockLevel(db(), shop.variantId)).toMatchObject({ currentStock: before.currentStock - 1, reservedStock: 0 });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(await shop.verify(body.transactionId, headers)).toMatchObject({ success: true });
  });

  it('refunds the card through JazzCash and keeps the order cancelled when the stock was sold meanwhile', async () => {
    const { body, order } = await leftOpenOnPage();
    const { availableStock } = await stockLevel(db(), shop.variantId);
    await adjust(db(), { variantId: shop.variantId, quantity: -availableStock, reason: 'Sold at the counter' });

    await paysLate(body.next_action);
    await vi.waitFor(async () => expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
      expect.objectContaining({ status: 'succeeded', currency: 'PKR' }),
    ]));
    const { order: after, payment } = await shop.orderOf(body.transactionId);
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(payment.status).toBe('refunded');
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund.amountMinor).toBe(payment.amountMinor + payment.feeMinor);
    expect(refund.gatewayReference).toBeTruthy();
    expect(await eventsOf(order.id)).toEqual(['placed', 'reservation_expired', 'refund_due']);
    await shop.t.drainMail();
    expect(shop.t.mailer.sent.map((mail) => mail.subject)).toContainEqual(expect.stringContaining(`Order ${order.orderNumber} cancelled: your payment is being refunded`));
    expect(await stockLevel(db(), shop.variantId)).toMatchObject({ availableStock: 0, reservedStock: 0 });
  });
});
