import { and, eq, isNotNull, sql } from 'drizzle-orm';
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

/** A cancelled order gives the units its sale-priced lines claimed back; call it once, in the cancelling transaction. */
export async function giveBackSaleUnits(tx: DbOrTx, orderId: string): Promise<void> {
  const lines = await tx.select({ saleId: orderItems.flashSaleId, quantity: orderItems.quantity }).from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.flashSaleId)));
  for (const line of lines) {
    await tx.update(flashSales)
      .set({ claimedUnits: sql`greatest(${flashSales.claimedUnits} - ${line.quantity}, 0)`, updatedAt: new Date() })
      .where(eq(flashSales.id, line.saleId!));
  }
}

/**
 * Claims the units of every sale-priced line of an order being placed, in the order given (lines sorted by product,
 * as every transaction locks them). False as soon as one claim fails; the caller rolls the transaction back.
 */
export async function claimSaleUnitsOf(tx: DbOrTx, lines: { flashSaleId?: number | null; quantity: number }[]): Promise<boolean> {
  for (const line of lines) {
    if (line.flashSaleId != null && !(await claimSaleUnits(tx, line.flashSaleId, line.quantity))) return false;
  }
  return true;
}
