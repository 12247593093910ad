import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { categories, categoryImageRenditions } from '../db/schema/catalog.ts';
import type { ProcessedPhoto } from '../media/photo-pipeline.ts';

/** The width a category card shows: the largest rendition up to this one. */
const CARD_WIDTH = 640;
const HASH_LENGTH = 16;
const prefix = (categoryId: number, hash: string) => `/media/category-images/${categoryId}/${hash}/`;

/** Where the card's rendition of an uploaded picture is served; a new picture is a new address, cached for good. */
export function categoryImagePath(categoryId: number, photo: ProcessedPhoto): string {
  const webp = photo.renditions.filter((rendition) => rendition.format === 'webp');
  const card = webp.filter((rendition) => rendition.width <= CARD_WIDTH).at(-1) ?? webp[0];
  return `${prefix(categoryId, photo.contentHash.slice(0, HASH_LENGTH))}${card.width}.webp`;
}

/** Replaces the category's renditions with the new picture's. */
export async function storeCategoryImage(tx: DbOrTx, categoryId: number, photo: ProcessedPhoto): Promise<void> {
  await dropCategoryImage(tx, categoryId);
  await tx.insert(categoryImageRenditions).values(photo.renditions.map((rendition) => ({ categoryId, ...rendition })));
}

/** Drops an uploaded picture's renditions, once the category's image no longer names them. */
export async function dropCategoryImage(tx: DbOrTx, categoryId: number): Promise<void> {
  await tx.delete(categoryImageRenditions).where(eq(categoryImageRenditions.categoryId, categoryId));
}

/** A rendition of the category's current picture; undefined for an old hash, a width not made or another category. */
export async function findCategoryRendition(
  db: Db, categoryId: number, hash: string, width: number, format: 'avif' | 'webp',
): Promise<Buffer | undefined> {
  const [row] = await db.select({ content: categoryImageRenditions.content, image: categories.image })
    .from(categoryImageRenditions)
    .innerJoin(categories, eq(categories.id, categoryImageRenditions.categoryId))
    .where(and(eq(categoryImageRenditions.categoryId, categoryId), eq(categoryImageRenditions.format, format),
      eq(categoryImageRenditions.width, width)));
  return row?.image.startsWith(prefix(categoryId, hash)) ? row.content : undefined;
}
