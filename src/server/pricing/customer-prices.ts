import { and, eq, inArray } from 'drizzle-orm';
import type { ProductListItem } from '#contracts/catalog';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { buyerPriceList } from './price-contract.ts';
import { unitPrices, type UnitPrice } from './unit-price.ts';
import { wasCents } from './was-price.ts';

function loweredOnly(prices: Map<number, UnitPrice>): Map<number, UnitPrice> | null {
  const lowered = new Map([...prices].filter(([, price]) => price.unitPriceCents < price.listPriceCents));
  return lowered.size > 0 ? lowered : null;
}

/**
 * One unit's price for this buyer (pricing/unit-price.ts: a running flash sale for everyone, a tier from one unit,
 * the organisation price list for its buyers), by variant id, for the variants it lowers. Null when it lowers none.
 */
export async function oneUnitVariantPrices(db: Db, userId: string | null, variantIds: number[]): Promise<Map<number, UnitPrice> | null> {
  return loweredOnly(await unitPrices(db, userId, variantIds.map((variantId) => ({ variantId, quantity: 1 }))));
}

/**
 * The same for products as a whole, by product id: the cheapest of its active variants for one unit (on a tie, the
 * one with the lower list price, so a card does not strike out a price another variant costs anyway). Null when it
 * lowers none, so the shared (cacheable) answer stands.
 */
export async function oneUnitPrices(db: Db, userId: string | null, productIds: number[]): Promise<Map<number, UnitPrice> | null> {
  if (productIds.length === 0) return null;
  const variants = await db.select({ id: productVariants.id, productId: productVariants.productId }).from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), eq(productVariants.isActive, true)));
  const prices = await unitPrices(db, userId, variants.map((variant) => ({ variantId: variant.id, quantity: 1 })));
  const cheapest = new Map<number, UnitPrice>();
  for (const variant of variants) {
    const price = prices.get(variant.id);
    const best = cheapest.get(variant.productId);
    if (!price) continue;
    if (!best || price.unitPriceCents < best.unitPriceCents
      || (price.unitPriceCents === best.unitPriceCents && price.listPriceCents < best.listPriceCents)) cheapest.set(variant.productId, price);
  }
  return loweredOnly(cheapest);
}

/**
 * A product or a variant at a lowered price (none: as it is), its "was" price (was-price.ts) kept as `original_price`;
 * the item's own `original_price` is its compare-at price, or null.
 */
export function atUnitPrice<T extends { price: string; original_price: string | null }>(item: T, price: UnitPrice | undefined): T {
  if (!price) return item;
  const was = wasCents(price.unitPriceCents, price.listPriceCents, item.original_price === null ? null : decimalToCents(item.original_price));
  return { ...item, price: centsToDecimal(price.unitPriceCents), original_price: was === null ? null : centsToDecimal(was) };
}

/** Catalogue items at these prices. */
function atPrices<T extends ProductListItem>(items: T[], prices: Map<number, UnitPrice> | null): T[] {
  if (!prices) return items;
  return items.map((item) => atUnitPrice(item, prices.get(item.id)));
}

/** Catalogue items at the price everyone pays for one unit (a running flash sale): the shared, cacheable answer. */
export async function withSalePrices<T extends ProductListItem>(db: Db, items: T[]): Promise<T[]> {
  return atPrices(items, await oneUnitPrices(db, null, items.map((item) => item.id)));
}

/**
 * Catalogue items at the price this organisation buyer pays for one unit (the lowest of its price list and the
 * above); null for a buyer without a price list, so the shared answer stands.
 */
export async function withCustomerPrices<T extends ProductListItem>(db: Db, userId: string | null, items: T[]): Promise<T[] | null> {
  if (!(await buyerPriceList(db, userId, new Date()))?.hasPrices) return null;
  return atPrices(items, await oneUnitPrices(db, userId, items.map((item) => item.id)));
}
