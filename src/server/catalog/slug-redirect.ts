import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products, productSlugRedirects } from '../db/schema/catalog.ts';

/** The current slug of the product on sale that once answered to `slug`, if any. */
export async function currentSlugOf(db: Db, formerSlug: string): Promise<string | undefined> {
  const [row] = await db.select({ slug: products.slug }).from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.slug, formerSlug), eq(products.isActive, true)));
  return row?.slug;
}
