import type { ProductListItem } from '#contracts/catalog';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { priceListRows, unitPrices, type UnitPrice } from './unit-price.ts';

/**
 * One unit's price for this buyer (pricing/unit-price.ts: a running flash sale for everyone, a tier from one unit,
 * the organisation price list for its buyers), by product id, for the products it lowers. Null when it lowers none,
 * so the shared (cacheable) answer stands.
 */
export async function oneUnitPrices(db: Db, userId: string | null, productIds: number[]): Promise<Map<number, UnitPrice> | null> {
  const prices = await unitPrices(db, userId, productIds.map((productId) => ({ productId, quantity: 1 })));
  const lowered = new Map([...prices].filter(([, price]) => price.unitPriceCents < price.listPriceCents));
  return lowered.size > 0 ? lowered : null;
}

/** The price struck out next to a lowered price: the list price, or the catalogue's own higher "was" price. */
export const struckOutCents = (price: UnitPrice, originalCents: number | null) => Math.max(price.listPriceCents, originalCents ?? 0);

/** Catalogue items at these prices, keeping the higher list (or "was") price as `original_price`. */
function atPrices<T extends ProductListItem>(items: T[], prices: Map<number, UnitPrice> | null): T[] {
  if (!prices) return items;
  return items.map((item) => {
    const price = prices.get(item.id);
    if (!price) return item;
    const original = struckOutCents(price, item.original_price === null ? null : decimalToCents(item.original_price));
    return { ...item, price: centsToDecimal(price.unitPriceCents), original_price: centsToDecimal(original) };
  });
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
  if ((await priceListRows(db, userId)).length === 0) return null;
  return atPrices(items, await oneUnitPrices(db, userId, items.map((item) => item.id)));
}
