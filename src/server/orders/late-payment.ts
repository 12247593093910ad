import { and, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orderLineLots } from '../db/schema/lots.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import { claimSaleUnitsOf } from '../flash-sales/flash-sale-claims.ts';
import { HttpError } from '../lib/errors.ts';
import { reserveForOrder } from '../lots/order-lots.ts';
import { reserveRefund, type RefundAsk, type ReservedRefund } from '../refunds/refunds.service.ts';
import { shopEvent } from './order-event-text.ts';
import { sendOrderMail, type OrderMailDeps } from './order-mail.ts';
import { stockLinesOf } from './release-order.ts';

/*
 * A payment that succeeds after the reservation sweeper cancelled its order: the order is taken up again when its
 * stock can still be had, and otherwise its money goes back through the refunds staff make.
 */

export const LATE_REFUND_REASON = 'Payment received after the reservation expired; the items were no longer available.';

type Attempt = typeof payments.$inferSelect;

/** A refund reserved for a late payment, to ask the gateway for once its transaction is committed. */
export interface LateRefund {
  reserved: ReservedRefund;
  ask: RefundAsk;
}

/** The order was cancelled because its reservation ran out (the sweeper), not by anyone's choice or a declined payment. */
export async function expiredBeforePayment(tx: DbOrTx, orderId: string): Promise<boolean> {
  const [expired] = await tx.select({ id: orderEvents.id }).from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.event, 'reservation_expired'))).limit(1);
  return expired !== undefined;
}

/**
 * The buyer placed another order after this one that was not cancelled: a retry of the same purchase (the cart, the
 * quote or the request again), which a late payment must not double.
 */
async function placedAnotherSince(tx: DbOrTx, attempt: Attempt): Promise<boolean> {
  const [placed] = await tx.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, attempt.orderId));
  const [later] = await tx.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.userId, attempt.userId), gt(orders.createdAt, placed.createdAt), ne(orders.status, 'cancelled'))).limit(1);
  return later !== undefined;
}

/** Thrown inside the savepoint to take back what it claimed. */
class NoLongerAvailable extends Error {}

/**
 * Claims again, in `tx`, what the sweeper gave back for an order it cancelled: its flash-sale units as placing claims
 * them, then its stock in variant order; the order is pending again, at the prices the buyer was charged, for the
 * confirmation to follow. False, with nothing changed, when a sale or a line can no longer supply it, the buyer
 * has placed another order since, or store credit paid part of it.
 */
export async function reserveAgain(tx: DbOrTx, attempt: Attempt, orderNumber: string, now: Date): Promise<boolean> {
  const { orderId } = attempt;
  if (await placedAnotherSince(tx, attempt)) return false;
  // The store credit it used went back to its account when it was cancelled, free to be spent since: not taken again.
  const [order] = await tx.select({ storeCreditCents: orders.storeCreditCents }).from(orders).where(eq(orders.id, orderId));
  if (order.storeCreditCents > 0) return false;
  try {
    await tx.transaction(async (inner) => {
      const saleLines = await inner.select({ flashSaleId: orderItems.flashSaleId, saleQuantity: orderItems.saleQuantity }).from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.flashSaleId)));
      if (!(await claimSaleUnitsOf(inner, saleLines))) throw new NoLongerAvailable();
      // The lots recorded for the released reservation; the new one records its own.
      await inner.delete(orderLineLots).where(eq(orderLineLots.orderId, orderId));
      for (const line of await stockLinesOf(inner, orderId)) {
        await reserveForOrder(inner, orderId, { ...line, reason: `Order ${orderNumber}`, userId: attempt.userId });
      }
    });
  } catch (error) {
    if (error instanceof NoLongerAvailable || error instanceof HttpError) return false;
    throw error;
  }
  await tx.update(orders).set({ status: 'pending', paymentStatus: 'pending', updatedAt: now }).where(eq(orders.id, orderId));
  return true;
}

/**
 * The late payment cannot be honoured: in `tx`, it is recorded as taken and due back, the cancelled order's timeline
 * says so, a refund of all of it is reserved and the buyer is told. The caller asks the gateway for the refund once
 * this is committed; null when there was nothing left to refund.
 */
export async function refundLatePayment(
  tx: DbOrTx, deps: OrderMailDeps, attempt: Attempt, reference: string | null, now: Date,
): Promise<LateRefund | null> {
  await tx.update(payments).set({
    status: 'succeeded', providerReference: reference ?? attempt.providerReference, failureMessage: LATE_REFUND_REASON, refundDueAt: now, updatedAt: now,
  }).where(eq(payments.id, attempt.id));
  await tx.update(orders).set({ paymentStatus: 'paid', updatedAt: now }).where(eq(orders.id, attempt.orderId));
  await tx.insert(orderEvents).values({ orderId: attempt.orderId, status: 'cancelled', ...shopEvent('refund_due') });
  const ask: RefundAsk = { usdCents: null, reason: LATE_REFUND_REASON, idempotencyKey: null, userId: attempt.userId };
  const reserved = await reserveRefund(tx, attempt.orderId, ask);
  if (reserved === null || 'replay' in reserved) return null;
  await sendOrderMail(tx, deps, 'expired_refunded', attempt.orderId, reserved.refund);
  return { reserved, ask };
}

/** Whether the payment's money is already on its way back (a refund was made of it), rather than only flagged. */
export async function refundMadeOf(tx: DbOrTx, paymentId: string): Promise<boolean> {
  const [refund] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, paymentId)).limit(1);
  return refund !== undefined;
}
