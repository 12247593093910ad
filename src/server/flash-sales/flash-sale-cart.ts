import { and, eq } from 'drizzle-orm';
import type { PriceNotice } from '#contracts/cart';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { cartItems } from '../db/schema/cart.ts';
import { unitPrices } from '../pricing/unit-price.ts';

/**
 * Remembers on the cart line the sale that prices it at its quantity now (or none), when the line is added or its
 * quantity changes: that is what the buyer was shown, and what a notice compares against later.
 */
export async function rememberSalePrice(db: Db, userId: string, cartId: number, variantId: number): Promise<void> {
  const where = and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId));
  const [line] = await db.select({ quantity: cartItems.quantity }).from(cartItems).where(where);
  if (!line) return;
  const price = (await unitPrices(db, userId, [{ variantId, quantity: line.quantity }])).get(variantId);
  await db.update(cartItems).set({ flashSaleId: price?.flashSaleId ?? null }).where(where);
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
