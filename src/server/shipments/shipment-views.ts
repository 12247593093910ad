import { asc, eq, inArray } from 'drizzle-orm';
import type { OrderShipment, TrackingEvent } from '#contracts/orders';
import type { DbOrTx } from '../db/client.ts';
import { orderItems } from '../db/schema/orders.ts';
import { shipmentItems, shipmentParcels, shipments } from '../db/schema/shipments.ts';
import { trackingPage } from './book-shipment.ts';

/** Each order's shipments, oldest first, with their lines, parcels and their own timeline entries (newest first). */
export async function shipmentsByOrder(
  db: DbOrTx, orderIds: string[], events: (TrackingEvent & { shipmentId: string | null })[],
): Promise<Map<string, OrderShipment[]>> {
  const rows = await db.select().from(shipments).where(inArray(shipments.orderId, orderIds)).orderBy(asc(shipments.createdAt), asc(shipments.number));
  const ids = rows.map((row) => row.id);
  const [items, parcels] = ids.length === 0 ? [[], []] : await Promise.all([
    db.select({ shipmentId: shipmentItems.shipmentId, orderItemId: shipmentItems.orderItemId, quantity: shipmentItems.quantity,
      name: orderItems.name, variantLabel: orderItems.variantLabel })
      .from(shipmentItems).innerJoin(orderItems, eq(orderItems.id, shipmentItems.orderItemId))
      .where(inArray(shipmentItems.shipmentId, ids)).orderBy(asc(shipmentItems.orderItemId)),
    db.select().from(shipmentParcels).where(inArray(shipmentParcels.shipmentId, ids)).orderBy(asc(shipmentParcels.position)),
  ]);
  const byOrder = new Map<string, OrderShipment[]>();
  for (const row of rows) {
    const view: OrderShipment = {
      id: row.id,
      number: row.number,
      carrier: row.carrier,
      carrierName: row.carrierName,
      service: row.service,
      trackingNumber: row.trackingNumber,
      trackingUrl: trackingPage(row.trackingUrl, row.trackingNumber),
      status: row.status,
      items: items.filter((item) => item.shipmentId === row.id)
        .map(({ orderItemId, name, variantLabel, quantity }) => ({ orderItemId, name, variantLabel, quantity })),
      parcels: parcels.filter((parcel) => parcel.shipmentId === row.id).map((parcel) => ({ weightGrams: parcel.weightGrams })),
      incoterm: row.incoterm,
      createdAt: row.createdAt.toISOString(),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      estimatedDelivery: row.estimatedDelivery,
      events: events.filter((event) => event.shipmentId === row.id).map(({ shipmentId: _, ...event }) => event),
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), view]);
  }
  return byOrder;
}
