import type { ProductListItem } from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { centsToDecimal } from '../lib/money.ts';
import { inArray } from 'drizzle-orm';
import { priceListRows, unitPriceFor, type UnitPrice } from './unit-price.ts';

/**
 * One unit's price from the buyer's organisation price list, by product id, for the products it lowers. Null when the
 * buyer has no price list, so the shared (cacheable) answer stands.
 */
export async function organisationUnitPrices(db: Db, userId: string | null, productIds: number[]): Promise<Map<number, UnitPrice> | null> {
  const rules = await priceListRows(db, userId);
  if (rules.length === 0) return null;
  const rows = productIds.length
    ? await db.select({ id: products.id, categoryId: products.categoryId, priceCents: products.priceCents }).from(products)
      .where(inArray(products.id, productIds))
    : [];
  const prices = new Map<number, UnitPrice>();
  for (const row of rows) {
    const price = unitPriceFor(row, 1, [], rules);
    if (price.unitPriceCents < price.listPriceCents) prices.set(row.id, price);
  }
  return prices;
}

/** The price struck out next to an organisation price: the list price, or the catalogue's own higher "was" price. */
export const struckOutCents = (price: UnitPrice, originalCents: number | null) => Math.max(price.listPriceCents, originalCents ?? 0);

/** Catalogue items at the price this buyer pays for one unit, keeping the list price as `original_price`; null as above. */
export async function withCustomerPrices<T extends ProductListItem>(db: Db, userId: string | null, items: T[]): Promise<T[] | null> {
  const prices = await organisationUnitPrices(db, userId, items.map((item) => item.id));
  if (!prices) return null;
  return items.map((item) => {
    const price = prices.get(item.id);
    if (!price) return item;
    const original = struckOutCents(price, item.original_price === null ? null : Math.round(Number(item.original_price) * 100));
    return { ...item, price: centsToDecimal(price.unitPriceCents), original_price: centsToDecimal(original) };
  });
}
