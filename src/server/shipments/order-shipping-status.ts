import { and, eq, ne } from 'drizzle-orm';
import type { OrderStatus } from '#contracts/orders';
import type { DbOrTx } from '../db/client.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { orders } from '../db/schema/orders.ts';
import { shipments } from '../db/schema/shipments.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { NEXT_STATUSES } from '../orders/order-transitions.ts';
import type { OrderRow } from '../orders/order-view.ts';
import { allShipped, shippableLines } from './shipment-lines.ts';

/**
 * Moves the order (locked by the caller) to where its shipments have brought it: some lines shipped → partly_shipped,
 * every line → shipped, every line delivered → delivered (with its timeline entry). Answers the order's status.
 */
export async function settleOrderShipping(tx: DbOrTx, order: OrderRow, now: Date): Promise<OrderStatus> {
  const parcels = await tx.select({ status: shipments.status }).from(shipments)
    .where(and(eq(shipments.orderId, order.id), ne(shipments.status, 'cancelled')));
  if (parcels.length === 0) return order.status;
  const target: OrderStatus = !allShipped(await shippableLines(tx, order.id)) ? 'partly_shipped'
    : parcels.every((parcel) => parcel.status === 'delivered') ? 'delivered' : 'shipped';
  if (target === order.status || !NEXT_STATUSES[order.status].includes(target)) return order.status;
  await tx.update(orders).set({ status: target, updatedAt: now }).where(eq(orders.id, order.id));
  if (target === 'delivered') await tx.insert(orderEvents).values({ orderId: order.id, status: target, ...shopEvent('delivered'), createdAt: now });
  return target;
}
