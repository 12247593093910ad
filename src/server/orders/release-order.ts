import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { releaseForOrder } from '../lots/order-lots.ts';
import type { Mailer } from '../lib/mailer.ts';
import { releasePromo } from '../promo/promo.service.ts';
import { giveBackSaleUnits } from '../flash-sales/flash-sale-claims.ts';
import { releaseOrderCredit } from '../store-credit/store-credit-payer.ts';
import type { OrderEventText } from './order-event-text.ts';
import { stockUnits } from '../sets/set-composition.ts';

export interface ReleaseDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface Cancellation {
  failureMessage: string;
  providerReference?: string | null;
  /** What the tracking event says. */
  event: OrderEventText;
  /** Only when the reservation had expired by then (the sweeper). */
  expiredBy?: Date;
}

/**
 * Cancels a pending order whose payment failed or was abandoned: its reserved stock, promo use, flash-sale units and
 * the store credit it spent go back, in one transaction (its commit sets off alerts, live stock and back-in-stock mail: inventory/after-stock-commit.ts).
 * False when the order was no longer pending (someone else settled it first).
 */
export async function releaseOrderStock(deps: ReleaseDeps, orderId: string, cancellation: Cancellation): Promise<boolean> {
  const now = new Date();
  const cancelled = await deps.db.transaction(async (tx) => {
    await tx.update(payments).set({
      status: 'failed', failureMessage: cancellation.failureMessage, providerReference: cancellation.providerReference ?? null, updatedAt: now,
    }).where(and(eq(payments.orderId, orderId), inArray(payments.status, ['pending', 'requires_action'])));
    const [order] = await tx.update(orders)
      .set({ status: 'cancelled', paymentStatus: 'failed', reservationExpiresAt: null, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'),
        cancellation.expiredBy ? lte(orders.reservationExpiresAt, cancellation.expiredBy) : undefined))
      .returning({ orderNumber: orders.orderNumber });
    if (!order) return false;
    for (const item of await stockLinesOf(tx, orderId)) {
      await releaseForOrder(tx, orderId, { variantId: item.variantId, quantity: item.quantity, reason: `Order ${order.orderNumber} cancelled` });
    }
    await tx.insert(orderEvents).values({ orderId, status: 'cancelled', ...cancellation.event });
    await releasePromo(tx, orderId);
    await giveBackSaleUnits(tx, orderId);
    await releaseOrderCredit(tx, orderId);
    return true;
  });
  return cancelled;
}

/**
 * The order's lines that moved stock, by variant, in variant order (the order every transaction locks inventory rows
 * in), a set line as the components it was sold with; a line whose variant no longer exists has nothing to move.
 */
export async function stockLinesOf(tx: DbOrTx, orderId: string): Promise<{ variantId: number; quantity: number }[]> {
  return stockUnits(await orderLinesOf(tx, orderId));
}

/** The order's lines as sold, a set as itself with the components one set held; lines of deleted variants left out. */
export async function orderLinesOf(tx: DbOrTx, orderId: string) {
  const rows = await tx.select({ variantId: orderItems.variantId, quantity: orderItems.quantity, components: orderItems.setComponents })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.variantId))).orderBy(asc(orderItems.variantId));
  return rows.map((row) => ({ variantId: row.variantId!, quantity: row.quantity, components: row.components }));
}
