import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { NotReturnable, ReturnableLine } from '#contracts/returns';
import type { DbOrTx } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { productHandling } from '../db/schema/lots.ts';
import { orderItems, type orders } from '../db/schema/orders.ts';
import { returnItems, returns } from '../db/schema/returns.ts';
import { shipmentItems, shipments } from '../db/schema/shipments.ts';
import { variantLabels } from '../catalog/variants.ts';
import type { Policy } from './return-policy.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

const DAY_MS = 86_400_000;

export interface LineState {
  item: OrderItemRow;
  delivered: number;
  deliveredAt: Date | null;
  returned: number;
  sterile: boolean;
  returnable: number;
  blocked: NotReturnable | null;
}

/** The last moment a line delivered at `deliveredAt` may be asked back, under the policy's window. */
export const windowEnd = (deliveredAt: Date, policy: Pick<Policy, 'windowDays'>) => new Date(deliveredAt.getTime() + policy.windowDays * DAY_MS);

/**
 * Each line of the order as a return sees it: units delivered (by delivered shipments; all of them for an order
 * delivered without shipments) and when, units already asked back (rejected returns aside), and how many may still be
 * returned now, or why none. `recall` skips the window and the policy's exclusions.
 */
export async function lineStates(tx: DbOrTx, order: OrderRow, policy: Policy, now: Date, recall = false): Promise<LineState[]> {
  const [items, delivered, returned, anyShipment] = await Promise.all([
    tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    tx.select({ orderItemId: shipmentItems.orderItemId, quantity: sql<number>`sum(${shipmentItems.quantity})::int`,
      at: sql<string>`max(${shipments.deliveredAt})` })
      .from(shipmentItems).innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
      .where(and(eq(shipments.orderId, order.id), eq(shipments.status, 'delivered'))).groupBy(shipmentItems.orderItemId),
    tx.select({ orderItemId: returnItems.orderItemId, quantity: sql<number>`sum(${returnItems.quantity})::int` })
      .from(returnItems).innerJoin(returns, eq(returns.id, returnItems.returnId))
      .where(and(eq(returns.orderId, order.id), ne(returns.status, 'rejected'))).groupBy(returnItems.orderItemId),
    tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, order.id)).limit(1),
  ]);
  const productIds = items.flatMap((item) => (item.productId ? [item.productId] : []));
  const sterile = productIds.length
    ? await tx.select({ productId: productHandling.productId }).from(productHandling)
      .where(and(inArray(productHandling.productId, productIds), eq(productHandling.sterile, true)))
    : [];
  const deliveredWhole = order.status === 'delivered' && anyShipment.length === 0;
  return items.map((item) => {
    const shipped = delivered.find((row) => row.orderItemId === item.id);
    const units = deliveredWhole ? item.quantity : Number(shipped?.quantity ?? 0);
    const at = deliveredWhole ? order.updatedAt : shipped?.at ? new Date(shipped.at) : null;
    const taken = Number(returned.find((row) => row.orderItemId === item.id)?.quantity ?? 0);
    const excluded = item.productId === null ? undefined : policy.exclusions.get(item.productId);
    const blocked: NotReturnable | null = units === 0 || !at ? 'not_delivered'
      : !recall && excluded ? excluded
        : !recall && now > windowEnd(at, policy) ? 'window_closed'
          : units - taken <= 0 ? 'all_returned' : null;
    return {
      item, delivered: units, deliveredAt: at, returned: taken,
      sterile: sterile.some((row) => row.productId === item.productId),
      returnable: blocked ? 0 : units - taken, blocked,
    };
  });
}

/** The lines as the buyer's return form reads them, with the product's variants to exchange for. */
export async function returnableLines(tx: DbOrTx, states: LineState[]): Promise<ReturnableLine[]> {
  const productIds = [...new Set(states.flatMap((state) => (state.item.productId ? [state.item.productId] : [])))];
  const variants = productIds.length
    ? await tx.select({ id: productVariants.id, productId: productVariants.productId,
      available: sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)::int` })
      .from(productVariants).leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
      .where(and(inArray(productVariants.productId, productIds), eq(productVariants.isActive, true)))
      .orderBy(asc(productVariants.position))
    : [];
  const labels = await variantLabels(tx, variants.map((variant) => variant.id));
  return states.map((state) => ({
    order_item_id: state.item.id,
    returnable_quantity: state.returnable,
    blocked: state.blocked,
    sterile: state.sterile,
    exchange_options: variants.filter((variant) => variant.productId === state.item.productId && variant.id !== state.item.variantId)
      .map((variant) => ({ variant_id: variant.id, label: labels.get(variant.id) ?? '', available: Number(variant.available) })),
  }));
}

/** The last day (ISO) any delivered line may still be asked back; null before anything was delivered. */
export function lastReturnDay(states: LineState[], policy: Policy): string | null {
  const times = states.flatMap((state) => (state.deliveredAt ? [windowEnd(state.deliveredAt, policy).getTime()] : []));
  return times.length ? new Date(Math.max(...times)).toISOString().slice(0, 10) : null;
}
