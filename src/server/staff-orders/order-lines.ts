import type { Order } from '#contracts/orders';
import type { StaffOrderLine } from '#contracts/staff-order-detail';
import type { Db } from '../db/client.ts';
import { orderItems } from '../db/schema/orders.ts';
import { lineLot, lotsOfOrder } from '../lots/order-lots.ts';
import { eq } from 'drizzle-orm';

/** The order's lines as a pick list: each with its catalogue number, the lots its units came from and units shipped. */
export async function pickList(db: Db, order: Order): Promise<StaffOrderLine[]> {
  const [modelNumbers, lots] = await Promise.all([
    db.select({ id: orderItems.id, modelNumber: orderItems.modelNumber }).from(orderItems).where(eq(orderItems.orderId, order.id)),
    lotsOfOrder(db, order.id),
  ]);
  const sent = order.shipments.filter((shipment) => shipment.status !== 'cancelled').flatMap((shipment) => shipment.items);
  return order.items.map((item) => ({
    ...item,
    model_number: modelNumbers.find((row) => row.id === item.id)?.modelNumber ?? '',
    lots: item.variantId === null ? [] : (lots.get(item.variantId) ?? []).map(lineLot),
    shipped_quantity: sent.filter((unit) => unit.orderItemId === item.id).reduce((sum, unit) => sum + unit.quantity, 0),
  }));
}
