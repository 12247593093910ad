import { and, eq } from 'drizzle-orm';
import type { PriceNotice } from '#contracts/cart';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { cartItems } from '../db/schema/cart.ts';

/**
 * Remembers on the cart's lines of the variant the sale that prices them at their quantity now (or none), when a line
 * is added or its quantity changes: that is what the buyer was shown, and what a notice compares against later.
 * `lines`: the cart just priced, whose `storedSaleId` follows; nothing is written when it is remembered already.
 */
export async function rememberSalePrice(
  db: Db, cartId: number, variantId: number, lines: { variantId: number; flashSaleId: number | null; storedSaleId: number | null }[],
): Promise<void> {
  const changed = lines.filter((line) => line.variantId === variantId);
  if (changed.length === 0) return;
  const { flashSaleId } = changed[0];
  if (changed.every((line) => line.storedSaleId === flashSaleId)) return;
  await db.update(cartItems).set({ flashSaleId }).where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
  for (const line of changed) line.storedSaleId = flashSaleId;
}

/**
 * The notice for a line a flash sale priced when it was last changed, once that sale no longer prices it and the
 * price went up; null otherwise.
 */
export function saleEndedNotice(line: {
  storedSaleId: number | null; storedSalePriceCents: number | null; flashSaleId: number | null; unitPriceCents: number;
}): PriceNotice | null {
  if (line.storedSaleId === null || line.storedSalePriceCents === null || line.flashSaleId === line.storedSaleId) return null;
  if (line.unitPriceCents <= line.storedSalePriceCents) return null;
  return {
    code: 'FLASH_SALE_ENDED',
    previous_price: centsToDecimal(line.storedSalePriceCents),
    price: centsToDecimal(line.unitPriceCents),
  };
}
