import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { flashSales } from '../db/schema/catalog.ts';
import { orderItems } from '../db/schema/orders.ts';

/**
 * Claims `quantity` units of a sale's allocation for an order line, with a conditional update that never passes
 * `units`. False when the allocation no longer holds them (someone else's order took the last units meanwhile).
 */
export async function claimSaleUnits(tx: DbOrTx, saleId: number, quantity: number): Promise<boolean> {
  const claimed = await tx.update(flashSales)
    .set({ claimedUnits: sql`${flashSales.claimedUnits} + ${quantity}`, updatedAt: new Date() })
    .where(and(eq(flashSales.id, saleId), sql`(${flashSales.units} is null or ${flashSales.claimedUnits} + ${quantity} <= ${flashSales.units})`))
    .returning({ id: flashSales.id });
  return claimed.length > 0;
}

/** Gives `quantity` units a line claimed back to the sale's allocation. */
export async function giveBackClaimedUnits(tx: DbOrTx, saleId: number, quantity: number): Promise<void> {
  await tx.update(flashSales)
    .set({ claimedUnits: sql`greatest(${flashSales.claimedUnits} - ${quantity}, 0)`, updatedAt: new Date() })
    .where(eq(flashSales.id, saleId));
}

/** A cancelled order gives the units its sale-priced lines claimed back; call it once, in the cancelling transaction. */
export async function giveBackSaleUnits(tx: DbOrTx, orderId: string): Promise<void> {
  const lines = await tx.select({ saleId: orderItems.flashSaleId, quantity: orderItems.saleQuantity }).from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.flashSaleId)));
  for (const line of lines) await giveBackClaimedUnits(tx, line.saleId!, line.quantity);
}

/**
 * Claims exactly the units each sale priced on the lines of an order being placed (`saleQuantity`). The sales' rows
 * are locked first (by id) and every claim checked before any is made, so a refusal claims nothing and the caller can
 * price the lines again in the same transaction to tell the buyer the new total.
 */
export async function claimSaleUnitsOf(tx: DbOrTx, lines: { flashSaleId?: number | null; saleQuantity?: number }[]): Promise<boolean> {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (line.flashSaleId != null && line.saleQuantity) wanted.set(line.flashSaleId, (wanted.get(line.flashSaleId) ?? 0) + line.saleQuantity);
  }
  if (wanted.size === 0) return true;
  const sales = await tx.select({ id: flashSales.id, units: flashSales.units, claimedUnits: flashSales.claimedUnits }).from(flashSales)
    .where(inArray(flashSales.id, [...wanted.keys()])).orderBy(asc(flashSales.id)).for('update');
  const holds = sales.length === wanted.size
    && sales.every((sale) => sale.units === null || sale.claimedUnits + wanted.get(sale.id)! <= sale.units);
  if (!holds) return false;
  for (const [saleId, quantity] of wanted) await claimSaleUnits(tx, saleId, quantity);
  return true;
}
