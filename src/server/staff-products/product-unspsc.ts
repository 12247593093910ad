import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { categories } from '../db/schema/catalog.ts';
import { defaultUnspsc } from '../catalog/unspsc.ts';
import type { ProductFields } from './product-rules.ts';

/** A product with its UNSPSC code settled. */
export type ClassifiedProduct = ProductFields & { unspsc: string };

/** The products with their UNSPSC code: a product that gives none takes its category's family code. */
export async function withUnspsc<P extends ProductFields>(db: DbOrTx, items: P[]): Promise<(P & ClassifiedProduct)[]> {
  const missing = [...new Set(items.filter((item) => !item.unspsc).map((item) => item.category_id))];
  const slugs = missing.length
    ? new Map((await db.select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.id, missing)))
      .map((row) => [row.id, row.slug]))
    : new Map<number, string>();
  return items.map((item) => ({ ...item, unspsc: item.unspsc || defaultUnspsc(slugs.get(item.category_id) ?? '') }));
}
