import { and, eq, inArray } from 'drizzle-orm';
import { cancelOrder as cancelOrderContract, type OrderEventCode, type OrderStatus } from '#contracts/orders';
import {
  addTrackingEvent as addTrackingEventContract, advanceOrder, staffCancelOrder,
} from '#contracts/staff-orders';
import { createShipment } from '#contracts/shipments';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { shipments } from '../db/schema/shipments.ts';
import { releaseOrderStock, stockLinesOf, type ReleaseDeps } from '../orders/release-order.ts';
import { returnForOrder, sellForOrder } from '../lots/order-lots.ts';
import { apiError, badRequest, notFound } from '../lib/errors.ts';
import { releasePromo } from '../promo/promo.service.ts';
import { giveBackSaleUnits } from '../flash-sales/flash-sale-claims.ts';
import { releaseOrderCredit } from '../store-credit/store-credit-payer.ts';
import { sendOrderMail } from './order-mail.ts';
import { shopEvent, staffEvent } from './order-event-text.ts';
import type { RefundThroughGateway } from '../refunds/refund-gateway.ts';
import { reserveRefund, settleRefund, type ReservedRefund } from '../refunds/refunds.service.ts';

export type OrderDeps = ReleaseDeps & { refundThroughGateway: RefundThroughGateway };

/**
 * The order state machine: every other change is refused with 409. Shipments move an order to partly_shipped and
 * shipped (see shipments/order-shipping-status.ts); staff move the rest.
 */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'partly_shipped', 'shipped', 'cancelled'],
  processing: ['partly_shipped', 'shipped', 'cancelled'],
  partly_shipped: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The statuses only a shipment gives an order. */
export const SHIPPING_STATUSES: readonly OrderStatus[] = ['partly_shipped', 'shipped'];

/** What a step says when staff give no description of their own. */
const STEP_EVENTS = {
  pending: 'placed', confirmed: 'confirmed', processing: 'processing', delivered: 'delivered',
} as const satisfies Record<Exclude<OrderStatus, 'cancelled' | 'shipped' | 'partly_shipped'>, OrderEventCode>;

export function refuse(from: OrderStatus, to: OrderStatus) {
  return apiError([advanceOrder, createShipment], 'ILLEGAL_TRANSITION', 409, `A ${from} order cannot become ${to}.`);
}

export async function lockOrder(tx: DbOrTx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order not found.');
  return order;
}

export interface StatusChange {
  to: Exclude<OrderStatus, 'cancelled'>;
  description?: string;
  location?: string;
  userId: string;
}

/**
 * Moves an order one step along pending → confirmed → processing, or shipped → delivered. Confirming a pending order
 * by hand turns its reserved stock into a sale; delivering it by hand delivers its shipments still on their way.
 */
export async function changeStatus(deps: OrderDeps, orderId: string, change: StatusChange): Promise<void> {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!NEXT_STATUSES[order.status].includes(change.to) || SHIPPING_STATUSES.includes(change.to)) throw refuse(order.status, change.to);
    const to = change.to as keyof typeof STEP_EVENTS;
    if (change.to === 'confirmed') {
      for (const line of await stockLinesOf(tx, orderId)) {
        await sellForOrder(tx, orderId, { variantId: line.variantId, quantity: line.quantity, reason: `Order ${order.orderNumber}`, userId: change.userId });
      }
    }
    await tx.update(orders).set({
      status: to,
      updatedAt: now,
      ...(to === 'confirmed' ? { reservationExpiresAt: null } : {}),
    }).where(eq(orders.id, orderId));
    if (to === 'delivered') {
      await tx.update(shipments).set({ status: 'delivered', deliveredAt: now, updatedAt: now })
        .where(and(eq(shipments.orderId, orderId), inArray(shipments.status, ['booked', 'in_transit', 'out_for_delivery', 'exception'])));
    }
    const text = change.description ? staffEvent(change.description) : shopEvent(STEP_EVENTS[to]);
    await tx.insert(orderEvents).values({ orderId, status: to, ...text, location: change.location || null, createdAt: now });
    if (to === 'confirmed' || to === 'delivered') await sendOrderMail(tx, deps, to, orderId);
  });
}

/** A timeline entry that keeps the status, e.g. 'Arrived at the Lahore sorting hub', of one of its shipments if named. */
export async function addTrackingEvent(
  deps: OrderDeps, orderId: string, entry: { description: string; location?: string; shipmentId?: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled' || order.status === 'delivered') {
      throw apiError(addTrackingEventContract, 'ILLEGAL_TRANSITION', 409, `A ${order.status} order takes no more tracking updates.`);
    }
    if (entry.shipmentId) {
      const [shipment] = await tx.select({ id: shipments.id }).from(shipments)
        .where(and(eq(shipments.id, entry.shipmentId), eq(shipments.orderId, orderId)));
      if (!shipment) throw badRequest({ shipmentId: ['This shipment is not one of the order\'s.'] });
    }
    await tx.insert(orderEvents).values({
      orderId, status: order.status, ...staffEvent(entry.description), location: entry.location || null,
      shipmentId: entry.shipmentId ?? null, createdAt: new Date(),
    });
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
    // All that each captured payment has left (a deposit and its balance are two), one refund each.
    const refunding: ReservedRefund[] = [];
    for (let next = paid ? await reserveRefund(tx, orderId, refund) : null; next && !('replay' in next); next = await reserveRefund(tx, orderId, refund)) {
      refunding.push(next);
    }
    // Paid without a captured payment (an invoice settled by transfer): given back outside the shop, as before.
    const refundedOutside = paid && refunding.length === 0;
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
    await releaseOrderCredit(tx, orderId);
    return refunding;
  });
  for (const each of reserved) await settleRefund(deps, each, refund, { referenceRequired: false });
}
