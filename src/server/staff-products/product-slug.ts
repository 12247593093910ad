import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { products, productSlugRedirects } from '../db/schema/catalog.ts';

const MAX_SLUG = 200;

/** 'Mayo Scissors, 17 cm (Curved)' → 'mayo-scissors-17-cm-curved'. */
export function slugFromName(name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').slice(0, MAX_SLUG - 4).replace(/^-+|-+$/g, '');
  return slug || 'product';
}

/**
 * Which of `slugs` a product other than `productId` answers to: as its slug, or as one of its former slugs, which keep
 * redirecting to it. A product may take back its own former slug.
 */
export async function takenSlugs(tx: Tx, slugs: string[], productId: number | null): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const own = await tx.select({ slug: products.slug }).from(products)
    .where(and(inArray(products.slug, slugs), productId === null ? undefined : ne(products.id, productId)));
  const former = await tx.select({ slug: productSlugRedirects.slug }).from(productSlugRedirects)
    .where(and(inArray(productSlugRedirects.slug, slugs), productId === null ? undefined : ne(productSlugRedirects.productId, productId)));
  return new Set([...own, ...former].map((row) => row.slug));
}

export const slugTaken = async (tx: Tx, slug: string, productId: number | null): Promise<boolean> =>
  (await takenSlugs(tx, [slug], productId)).has(slug);

/** The first of `base`, `base-2`, `base-3`… that no other product answers to and that is not `claimed` yet. */
export async function freeSlug(tx: Tx, base: string, productId: number | null, claimed: ReadonlySet<string> = new Set()): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!claimed.has(slug) && !(await slugTaken(tx, slug, productId))) return slug;
  }
}

/** Moves a product to a new slug: the old one redirects to it, and a former slug it takes back stops redirecting. */
export async function retireSlug(tx: Tx, productId: number, oldSlug: string, newSlug: string): Promise<void> {
  await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, newSlug));
  await tx.insert(productSlugRedirects).values({ productId, slug: oldSlug })
    .onConflictDoUpdate({ target: productSlugRedirects.slug, set: { productId, createdAt: sql`now()` } });
}
