import type { ProductListItem } from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { centsToDecimal } from '../lib/money.ts';
import { inArray } from 'drizzle-orm';
import { priceListRows, unitPriceFor } from './unit-price.ts';

/**
 * Catalogue items at the price this buyer pays for one unit. Null when the buyer has no organisation price list,
 * so the shared (cacheable) answer stands. A lower price keeps the list price as `original_price`, shown struck out.
 */
export async function withCustomerPrices<T extends ProductListItem>(db: Db, userId: string | null, items: T[]): Promise<T[] | null> {
  const rules = await priceListRows(db, userId);
  if (rules.length === 0) return null;
  const ids = items.map((item) => item.id);
  const rows = ids.length
    ? await db.select({ id: products.id, categoryId: products.categoryId, priceCents: products.priceCents }).from(products)
      .where(inArray(products.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return items.map((item) => {
    const product = byId.get(item.id);
    if (!product) return item;
    const price = unitPriceFor(product, 1, [], rules);
    if (price.unitPriceCents >= price.listPriceCents) return item;
    const original = Math.max(price.listPriceCents, item.original_price === null ? 0 : Math.round(Number(item.original_price) * 100));
    return { ...item, price: centsToDecimal(price.unitPriceCents), original_price: centsToDecimal(original) };
  });
}
