import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, products } from '../db/schema/catalog.ts';

/** A product buyers can see: the status every storefront read filters on (neither a draft nor archived). */
const visible = eq(products.isActive, true);

export interface SitemapProduct {
  id: number;
  slug: string;
  updatedAt: Date;
}

export const countVisibleProducts = (db: Db) => db.$count(products, visible);

/**
 * At most `limit` visible products after the first `skip`, in id order, `batchSize` rows a query (the first by offset,
 * the rest after the last id seen), so a sitemap of many thousands of products is never held in memory whole.
 */
export async function* visibleProductBatches(db: Db, { skip, limit, batchSize }: { skip: number; limit: number; batchSize: number }):
  AsyncGenerator<SitemapProduct[]> {
  let lastId: number | undefined;
  for (let left = limit; left > 0;) {
    const size = Math.min(batchSize, left);
    const rows = await db.select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt }).from(products)
      .where(lastId === undefined ? visible : and(visible, gt(products.id, lastId)))
      .orderBy(asc(products.id))
      .limit(size)
      .offset(lastId === undefined ? skip : 0);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    left -= rows.length;
    lastId = rows[rows.length - 1].id;
  }
}

export const categorySlugs = async (db: Db) =>
  (await db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)))
    .map((row) => row.slug);
