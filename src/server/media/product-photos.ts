import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { photoPath, photoSrcset } from '#contracts/catalog';
import type { StaffPhoto } from '#contracts/staff-media';
import type { Actor } from '../audit/audit.ts';
import { assertProductExists } from '../catalog/existing-product.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { productImageRenditions, productImages, productVariants } from '../db/schema/catalog.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { processPhoto, type ProcessedPhoto } from './photo-pipeline.ts';

/** The image's WebP rendition widths, smallest first; empty for a drawing. Names its tables: used inside other selects. */
export const photoWidths = sql<number[]>`coalesce((
  select array_agg(r.width order by r.width) from product_image_renditions r
  where r.image_id = "product_images"."id" and r.format = 'webp'), '{}')`;

/** The rendition a plain <img> shows: 960 px wide, or the largest there is. */
const MAIN_WIDTH = 960;

type ImageRow = typeof productImages.$inferSelect & { widths: number[] };

function photoView(row: ImageRow): StaffPhoto {
  return {
    id: row.id, url: row.url, alt: row.alt, position: row.position, width: row.width, height: row.height,
    srcset: photoSrcset(row.id, row.widths),
  };
}

/** What the trail keeps of a photo. */
const audited = ({ srcset: _srcset, ...photo }: StaffPhoto) => photo;

async function imageRows(db: DbOrTx, productId: number): Promise<ImageRow[]> {
  const rows = await db.select({ image: productImages, widths: photoWidths }).from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return rows.map(({ image, widths }) => ({ ...image, widths }));
}

/** The product's photos and drawings in gallery order. */
export async function listPhotos(db: DbOrTx, productId: number): Promise<StaffPhoto[]> {
  await assertProductExists(db, productId);
  return (await imageRows(db, productId)).map(photoView);
}

async function imageOf(db: DbOrTx, productId: number, imageId: number): Promise<ImageRow> {
  const image = (await imageRows(db, productId)).find((row) => row.id === imageId);
  if (!image) throw notFound('Photo not found.');
  return image;
}

async function photoWithHash(db: DbOrTx, productId: number, contentHash: string): Promise<number | undefined> {
  const [found] = await db.select({ id: productImages.id }).from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.contentHash, contentHash)));
  return found?.id;
}

function mainUrl(imageId: number, photo: ProcessedPhoto): string {
  const widths = photo.renditions.filter((rendition) => rendition.format === 'webp').map((rendition) => rendition.width);
  return photoPath(imageId, widths.includes(MAIN_WIDTH) ? MAIN_WIDTH : Math.max(...widths), 'webp');
}

/**
 * Adds an uploaded photo last in the product's gallery, or finds the one it already has with the same file (created
 * false, nothing written). The file is checked and encoded before the transaction opens (processPhoto: 400 on `file`).
 */
export async function addProductPhoto(
  db: Db, actor: Actor, productId: number, file: Buffer, alt: string,
): Promise<{ id: number; created: boolean }> {
  await assertProductExists(db, productId);
  const contentHash = createHash('sha256').update(file).digest('hex');
  const known = await photoWithHash(db, productId, contentHash);
  if (known !== undefined) return { id: known, created: false };

  const photo = await processPhoto(file);
  return db.transaction(async (tx) => {
    // The same file may have been added while this one was being encoded.
    const raced = await photoWithHash(tx, productId, contentHash);
    if (raced !== undefined) return { id: raced, created: false };
    const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int` })
      .from(productImages).where(eq(productImages.productId, productId));
    const [inserted] = await tx.insert(productImages).values({
      productId, url: '', alt: alt.trim(), position: next, width: photo.width, height: photo.height, contentHash,
    }).returning({ id: productImages.id });
    const [image] = await tx.update(productImages).set({ url: mainUrl(inserted.id, photo) })
      .where(eq(productImages.id, inserted.id)).returning();
    await tx.insert(productImageRenditions).values(photo.renditions.map((rendition) => ({ imageId: image.id, ...rendition })));
    const widths = photo.renditions.filter((rendition) => rendition.format === 'webp').map((rendition) => rendition.width);
    await recordAudit(tx, actor, {
      action: 'product.photo.add', entity: 'product', entityId: productId, after: audited(photoView({ ...image, widths })),
    });
    return { id: image.id, created: true };
  });
}

export async function photoOf(db: DbOrTx, productId: number, imageId: number): Promise<StaffPhoto> {
  return photoView(await imageOf(db, productId, imageId));
}

export async function updatePhotoAlt(db: Db, actor: Actor, productId: number, imageId: number, alt: string): Promise<StaffPhoto> {
  return db.transaction(async (tx) => {
    const before = photoView(await imageOf(tx, productId, imageId));
    await tx.update(productImages).set({ alt }).where(eq(productImages.id, imageId));
    const after = { ...before, alt };
    await recordAudit(tx, actor, {
      action: 'product.photo.alt', entity: 'product', entityId: productId, before: audited(before), after: audited(after),
    });
    return after;
  });
}

/** Puts the gallery in the order of `ids`, which must name each of the product's images once. */
export async function reorderPhotos(db: Db, actor: Actor, productId: number, ids: number[]): Promise<StaffPhoto[]> {
  await assertProductExists(db, productId);
  return db.transaction(async (tx) => {
    const before = (await imageRows(tx, productId)).map((row) => row.id);
    const isPermutation = ids.length === before.length && new Set(ids).size === ids.length && ids.every((id) => before.includes(id));
    if (!isPermutation) throw badRequest({ ids: ['List each of the product\'s photos once.'] });
    for (const [position, id] of ids.entries()) {
      await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
    }
    await recordAudit(tx, actor, {
      action: 'product.photo.order', entity: 'product', entityId: productId, before: { ids: before }, after: { ids },
    });
    return (await imageRows(tx, productId)).map(photoView);
  });
}

/** Removes a photo with its renditions (or a drawing); a variant that showed it goes back to the product's gallery. */
export async function deletePhoto(db: Db, actor: Actor, productId: number, imageId: number): Promise<StaffPhoto[]> {
  return db.transaction(async (tx) => {
    const before = photoView(await imageOf(tx, productId, imageId));
    await tx.delete(productImages).where(eq(productImages.id, imageId));
    await tx.update(productVariants).set({ image: null })
      .where(and(eq(productVariants.productId, productId), eq(productVariants.image, before.url)));
    await recordAudit(tx, actor, { action: 'product.photo.remove', entity: 'product', entityId: productId, before: audited(before) });
    return (await imageRows(tx, productId)).map(photoView);
  });
}
