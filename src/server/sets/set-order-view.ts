import type { OrderSetComponentView } from '#contracts/set-sales';
import type { DbOrTx } from '../db/client.ts';
import type { orderItems } from '../db/schema/orders.ts';
import { lineLot, lotsOfOrder, type OrderLot } from '../lots/order-lots.ts';

type ItemRow = Pick<typeof orderItems.$inferSelect, 'orderId' | 'setComponents'>;

/**
 * For the set lines among these order lines: a reader of each line's components with the lots their units came from.
 * The ledger records lots per order and variant, so a component also sold on its own line of the order shows the lots
 * of both.
 */
export async function setComponentLots(db: DbOrTx, items: readonly ItemRow[]): Promise<(item: ItemRow) => OrderSetComponentView[]> {
  const orderIds = [...new Set(items.filter((item) => item.setComponents.length > 0).map((item) => item.orderId))];
  const lots = new Map<string, Map<number, OrderLot[]>>(
    await Promise.all(orderIds.map(async (id) => [id, await lotsOfOrder(db, id)] as const)));
  return (item) => item.setComponents.map((component) => ({
    ...component,
    lots: (lots.get(item.orderId)?.get(component.variant_id) ?? []).map(lineLot),
  }));
}
