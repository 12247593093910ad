import { centsToDecimal } from '#contracts/money';

/**
 * The one "was" price the shop strikes out, on cards, home flash-sale cards, product pages, the wishlist and the cart:
 * the higher of the variant's list price and its catalogue compare-at price ("original price"), and only when it is
 * above the price paid; null otherwise.
 */
export function wasCents(priceCents: number, listPriceCents: number, compareAtCents: number | null): number | null {
  const was = Math.max(listPriceCents, compareAtCents ?? 0);
  return was > priceCents ? was : null;
}

/** A "was" price as the catalogue answers it: a decimal string, or null. */
export const centsOrNull = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));
