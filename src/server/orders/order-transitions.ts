import { eq } from 'drizzle-orm';
import { cancelOrder as cancelOrderContract, type OrderEventCode, type OrderStatus } from '#contracts/orders';
import {
  addTrackingEvent as addTrackingEventContract, advanceOrder, shipOrder, staffCancelOrder,
} from '#contracts/staff-orders';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { releaseOrderStock, stockLinesOf, type ReleaseDeps } from '../orders/release-order.ts';
import { returnForOrder, sellForOrder } from '../lots/order-lots.ts';
import { apiError, badRequest, notFound } from '../lib/errors.ts';
import { releasePromo } from '../promo/promo.service.ts';
import { giveBackSaleUnits } from '../flash-sales/flash-sale-claims.ts';
import { sendOrderMail } from './order-mail.ts';
import { shopEvent, staffEvent } from './order-event-text.ts';
import type { RefundThroughGateway } from '../refunds/refund-gateway.ts';
import { reserveRefund, settleRefund } from '../refunds/refunds.service.ts';

export type OrderDeps = ReleaseDeps & { refundThroughGateway: RefundThroughGateway };

/** The order state machine: every other change is refused with 409. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** What a step says when staff give no description of their own; shipping names its carrier and tracking number. */
const STEP_EVENTS = {
  pending: 'placed', confirmed: 'confirmed', processing: 'processing', delivered: 'delivered',
} as const satisfies Record<Exclude<OrderStatus, 'cancelled' | 'shipped'>, OrderEventCode>;

function refuse(from: OrderStatus, to: OrderStatus) {
  return apiError([advanceOrder, shipOrder], 'ILLEGAL_TRANSITION', 409, `A ${from} order cannot become ${to}.`);
}

async function lockOrder(tx: DbOrTx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order not found.');
  return order;
}

export interface StatusChange {
  to: Exclude<OrderStatus, 'cancelled'>;
  description?: string;
  location?: string;
  carrier?: string;
  trackingNumber?: string;
  userId: string;
}

/**
 * Moves an order one step along pending → confirmed → processing → shipped → delivered. Confirming a pending order
 * by hand turns its reserved stock into a sale; shipping needs a carrier and tracking number.
 */
export async function changeStatus(deps: OrderDeps, orderId: string, change: StatusChange): Promise<void> {
  if (change.to === 'shipped' && (!change.carrier || !change.trackingNumber)) {
    throw badRequest({ trackingNumber: ['Enter the carrier and tracking number to ship an order.'] });
  }
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!NEXT_STATUSES[order.status].includes(change.to)) throw refuse(order.status, change.to);
    if (change.to === 'confirmed') {
      for (const line of await stockLinesOf(tx, orderId)) {
        await sellForOrder(tx, orderId, { variantId: line.variantId, quantity: line.quantity, reason: `Order ${order.orderNumber}`, userId: change.userId });
      }
    }
    await tx.update(orders).set({
      status: change.to,
      updatedAt: now,
      ...(change.to === 'confirmed' ? { reservationExpiresAt: null } : {}),
      ...(change.to === 'shipped' ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : {}),
    }).where(eq(orders.id, orderId));
    const text = change.description ? staffEvent(change.description)
      : change.to === 'shipped' ? shopEvent('shipped', { carrier: change.carrier!, trackingNumber: change.trackingNumber! })
        : shopEvent(STEP_EVENTS[change.to]);
    await tx.insert(orderEvents).values({ orderId, status: change.to, ...text, location: change.location || null, createdAt: now });
    if (change.to === 'confirmed' || change.to === 'shipped' || change.to === 'delivered') await sendOrderMail(tx, deps, change.to, orderId);
  });
}

/** A timeline entry that keeps the status, e.g. 'Arrived at the Lahore sorting hub'. */
export async function addTrackingEvent(deps: OrderDeps, orderId: string, description: string, location?: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled' || order.status === 'delivered') {
      throw apiError(addTrackingEventContract, 'ILLEGAL_TRANSITION', 409, `A ${order.status} order takes no more tracking updates.`);
    }
    await tx.insert(orderEvents).values({ orderId, status: order.status, ...staffEvent(description), location: location || null, createdAt: new Date() });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
  });
}

/**
 * Cancels an order. A pending order's reservation is released; a confirmed or processing order's sold stock comes
 * back as 'return' movements and what its payment captured and has not yet given back is refunded through its gateway
 * (a refund the gateway cannot make is kept as manual, for staff to return by hand).
 */
export async function cancelOrder(deps: OrderDeps, orderId: string, options: { by: 'buyer' | 'staff'; reason?: string; userId: string }): Promise<void> {
  const text = options.reason ? staffEvent(options.reason) : shopEvent(options.by === 'buyer' ? 'cancelled_by_buyer' : 'cancelled_by_shop');
  const [current] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!current) throw notFound('Order not found.');
  if (current.status === 'pending') {
    const released = await releaseOrderStock(deps, orderId, { failureMessage: 'Order cancelled before payment.', event: text });
    if (!released) {
      throw apiError([cancelOrderContract, advanceOrder, staffCancelOrder], 'ILLEGAL_TRANSITION', 409,
        'This order changed meanwhile; please reload it.');
    }
    return;
  }
  const now = new Date();
  const refund = { usdCents: null, reason: options.reason || 'Order cancelled.', idempotencyKey: null, userId: options.userId };
  const reserved = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!NEXT_STATUSES[order.status].includes('cancelled')) throw refuse(order.status, 'cancelled');
    const paid = order.paymentStatus === 'paid';
    const refunding = paid ? await reserveRefund(tx, orderId, refund) : null;
    // Paid without a captured payment (an invoice settled by transfer): given back outside the shop, as before.
    const refundedOutside = paid && refunding === null;
    await tx.update(orders).set({ status: 'cancelled', updatedAt: now, ...(refundedOutside ? { paymentStatus: 'refunded' as const } : {}) })
      .where(eq(orders.id, orderId));
    for (const line of await stockLinesOf(tx, orderId)) {
      await returnForOrder(tx, orderId, {
        variantId: line.variantId, quantity: line.quantity, reason: `Order ${order.orderNumber} cancelled`, userId: options.userId,
      });
    }
    await tx.insert(orderEvents).values({ orderId, status: 'cancelled', ...text, createdAt: now });
    await releasePromo(tx, orderId);
    await giveBackSaleUnits(tx, orderId);
    return refunding;
  });
  if (reserved && !('replay' in reserved)) await settleRefund(deps, reserved, refund, { referenceRequired: false });
}
