import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { orderEvents, orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { afterStockChange } from '../inventory/after-stock-change.ts';
import { releaseForOrder } from '../lots/order-lots.ts';
import type { StockEvents } from '../lib/events.ts';
import type { Mailer } from '../lib/mailer.ts';
import { releasePromo } from '../promo/promo.service.ts';
import { giveBackSaleUnits } from '../flash-sales/flash-sale-claims.ts';
import { notifyBackInStock } from '../stock-notifications/stock-notifications.service.ts';

export interface ReleaseDeps {
  db: Db;
  mailer: Mailer;
  events: StockEvents;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface Cancellation {
  failureMessage: string;
  providerReference?: string | null;
  /** The tracking event's description. */
  event: string;
  /** Only when the reservation had expired by then (the sweeper). */
  expiredBy?: Date;
}

/** Alerts and live stock pages after a committed change; a failure there never undoes the change. */
export async function publishStockChange(deps: ReleaseDeps, productIds: number[]): Promise<void> {
  await afterStockChange(deps.db, deps.events, productIds)
    .catch((error: unknown) => deps.log.error({ err: error, productIds }, 'stock change not published'));
}

/**
 * Cancels a pending order whose payment failed or was abandoned: its reserved stock, promo use and flash-sale units
 * go back, in one transaction. Subscribers of products that were out of stock until now are mailed afterwards.
 * False when the order was no longer pending (someone else settled it first).
 */
export async function releaseOrderStock(deps: ReleaseDeps, orderId: string, cancellation: Cancellation): Promise<boolean> {
  const now = new Date();
  const restocked: number[] = [];
  const released: number[] = [];
  const cancelled = await deps.db.transaction(async (tx) => {
    await tx.update(payments).set({
      status: 'failed', failureMessage: cancellation.failureMessage, providerReference: cancellation.providerReference ?? null, updatedAt: now,
    }).where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
    const [order] = await tx.update(orders)
      .set({ status: 'cancelled', paymentStatus: 'failed', reservationExpiresAt: null, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'),
        cancellation.expiredBy ? lte(orders.reservationExpiresAt, cancellation.expiredBy) : undefined))
      .returning({ orderNumber: orders.orderNumber });
    if (!order) return false;
    const items = await tx.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId))).orderBy(asc(orderItems.productId));
    for (const item of items) {
      const level = await releaseForOrder(tx, orderId, { productId: item.productId!, quantity: item.quantity, reason: `Order ${order.orderNumber} cancelled` });
      released.push(item.productId!);
      if (level.availableStock > 0 && level.availableStock <= item.quantity) restocked.push(item.productId!);
    }
    await tx.insert(orderEvents).values({ orderId, status: 'cancelled', description: cancellation.event });
    await releasePromo(tx, orderId);
    await giveBackSaleUnits(tx, orderId);
    return true;
  });
  await publishStockChange(deps, released);
  for (const productId of restocked) {
    await notifyBackInStock(deps.db, deps.mailer, productId, { publicUrl: deps.publicUrl })
      .catch((error: unknown) => deps.log.error({ err: error, productId }, 'back-in-stock mail failed'));
  }
  return cancelled;
}
