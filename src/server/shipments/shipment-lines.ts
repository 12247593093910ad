import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_UNIT_WEIGHT_GRAMS } from '#contracts/shipping';
import type { DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { orderItems } from '../db/schema/orders.ts';
import { shipmentItems, shipments } from '../db/schema/shipments.ts';

/** What a box and its padding add to the goods' weight. */
export const PACKING_WEIGHT_GRAMS = 200;

/** An order line with what its shipments (those not cancelled) already carry and what customs and couriers ask. */
export interface ShippableLine {
  id: number;
  name: string;
  variantLabel: string;
  modelNumber: string;
  variantId: number | null;
  quantity: number;
  shipped: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** One unit's shipping weight (the variant's, else DEFAULT_UNIT_WEIGHT_GRAMS). */
  unitWeightGrams: number;
  hsCode: string;
  countryOfOrigin: string;
}

/** The order's lines in order, each with the units shipped so far. */
export async function shippableLines(db: DbOrTx, orderId: string): Promise<ShippableLine[]> {
  const shipped = db.select({ orderItemId: shipmentItems.orderItemId, quantity: sql<number>`sum(${shipmentItems.quantity})::int`.as('units_shipped') })
    .from(shipmentItems).innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, 'cancelled')))
    .groupBy(shipmentItems.orderItemId).as('shipped');
  const rows = await db.select({
    item: orderItems, shipped: shipped.quantity, weightGrams: productVariants.weightGrams,
    hsCode: products.hsCode, countryOfOrigin: products.countryOfOrigin,
  }).from(orderItems)
    .leftJoin(shipped, eq(shipped.orderItemId, orderItems.id))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return rows.map(({ item, ...row }) => ({
    id: item.id, name: item.name, variantLabel: item.variantLabel, modelNumber: item.modelNumber, variantId: item.variantId,
    quantity: item.quantity, shipped: row.shipped ?? 0, unitPriceCents: item.unitPriceCents, lineTotalCents: item.lineTotalCents,
    unitWeightGrams: row.weightGrams ?? DEFAULT_UNIT_WEIGHT_GRAMS, hsCode: row.hsCode ?? '', countryOfOrigin: row.countryOfOrigin ?? 'PK',
  }));
}

/** The weight of `quantity` units of a line. */
export const goodsWeightGrams = (line: ShippableLine, quantity: number): number => line.unitWeightGrams * quantity;

/** What one box holding these units weighs with its packing. */
export const oneParcelGrams = (lines: { line: ShippableLine; quantity: number }[]): number =>
  lines.reduce((sum, { line, quantity }) => sum + goodsWeightGrams(line, quantity), PACKING_WEIGHT_GRAMS);

/** Whether every unit of every line is on a shipment. */
export const allShipped = (lines: ShippableLine[]): boolean => lines.every((line) => line.shipped >= line.quantity);
