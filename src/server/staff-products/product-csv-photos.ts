import { and, eq, inArray } from 'drizzle-orm';
import type { ImportProblem } from '#contracts/product-import';
import { PHOTO_NOT_TAKEN, PHOTO_TOO_LARGE, PHOTO_TOO_MANY_PIXELS } from '#contracts/staff-media';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { productImages, productVariants } from '../db/schema/catalog.ts';
import { HttpError } from '../lib/errors.ts';
import { addProductPhoto } from '../media/product-photos.ts';
import type { CsvColumn } from './product-csv-columns.ts';
import { IMAGE_MAX_BYTES, ImageFailure, imageSourceProblem, readImageSource, type ImageFetcher, type ImageSources } from './product-csv-images.ts';
import type { CsvProduct, CsvRow } from './product-csv-parse.ts';
import { messageAt, problemAt, type CellAt } from './product-csv-problems.ts';

const PHOTO_MAX_MEGAPIXELS = 40;

/**
 * A photo the processing pipeline refused, or a failure to read its source, as a problem a person can act on. A fetcher
 * that fails in its own words failed to reach the host.
 */
function photoProblem(error: unknown, src: string, at: CellAt): ImportProblem {
  if (error instanceof ImageFailure) return problemAt(at, error.problem);
  if (!(error instanceof HttpError) && URL.canParse(src)) return problemAt(at, { key: 'image_unreachable', params: { host: new URL(src).hostname } });
  if (!(error instanceof HttpError) || error.status !== 400) throw error;
  const reason = Object.values(error.errors ?? {}).flat()[0] ?? error.detail;
  if (reason === PHOTO_NOT_TAKEN) return problemAt(at, { key: 'image_not_photo' });
  if (reason === PHOTO_TOO_LARGE) return problemAt(at, { key: 'image_too_large', params: { max: IMAGE_MAX_BYTES / (1024 * 1024) } });
  if (reason === PHOTO_TOO_MANY_PIXELS) return problemAt(at, { key: 'image_too_many_pixels', params: { max: PHOTO_MAX_MEGAPIXELS } });
  return messageAt(at, { message: reason });
}

/**
 * The fetcher for one import: a host that could not be reached, or did not answer in time, is not asked again for
 * the file's other images (a file of a shop whose image host is gone would otherwise wait on every row).
 */
export function importFetcher(fetchImage: ImageFetcher): ImageFetcher {
  const down = new Map<string, ImageFailure>();
  return async (url) => {
    const known = down.get(url.host);
    if (known) throw known;
    return fetchImage(url).catch((error: unknown) => {
      if (error instanceof ImageFailure && ['image_unreachable', 'image_timeout'].includes(error.problem.key)) down.set(url.host, error);
      throw error;
    });
  };
}

const source = (row: CsvRow, column: CsvColumn) => (row.record[column] ?? '').trim();

/** The rows of a product that name an image in `column`, each address once (the first row that names it). */
function namingRows(rows: CsvRow[], column: CsvColumn): { src: string; row: CsvRow }[] {
  const first = new Map<string, CsvRow>();
  for (const row of rows) if (source(row, column) && !first.has(source(row, column))) first.set(source(row, column), row);
  return [...first].map(([src, row]) => ({ src, row }));
}

/** Why a dry run sees that the product's images cannot be read, without reading them: warnings, each address once. */
export function imageSourceWarnings(product: CsvProduct, sources: Pick<ImageSources, 'zip'>): ImportProblem[] {
  const seen = new Set<string>();
  return (['Image Src', 'Variant Image'] as const).flatMap((column) => namingRows(column === 'Image Src' ? product.images : product.variants, column)
    .flatMap(({ src, row }) => {
      const problem = seen.has(src) ? null : imageSourceProblem(src, sources);
      seen.add(src);
      return problem ? [problemAt({ row: row.row, column, handle: product.handle }, problem)] : [];
    }));
}

/** The product's photos by the address they came from: an export of this shop writes their absolute address. */
async function ownPhotos(db: Db, productId: number, publicUrl: string): Promise<Map<string, string>> {
  const rows = await db.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, productId));
  return new Map(rows.map((row) => [new URL(row.url, `${publicUrl}/`).href, row.url]));
}

export interface PhotoDeps {
  db: Db;
  publicUrl: string;
}

/** Reads each address once, adding its photo to the product; remembers the photo's url, or why it was not added. */
class ProductPhotos {
  private readonly added = new Map<string, string | ImportProblem>();

  constructor(
    private readonly deps: PhotoDeps, private readonly actor: Actor, private readonly productId: number,
    private readonly sources: ImageSources, private readonly own: Map<string, string>,
  ) {}

  /** The photo's url, or the problem of the first row that named it (null when an earlier row was told already). */
  async add(src: string, alt: string, at: CellAt): Promise<string | ImportProblem | null> {
    const ownUrl = this.own.get(src);
    if (ownUrl !== undefined) return ownUrl;
    const known = this.added.get(src);
    if (known !== undefined) return typeof known === 'string' ? known : null;
    let outcome: string | ImportProblem;
    try {
      const file = await readImageSource(src, this.sources);
      const { id } = await addProductPhoto(this.deps.db, this.actor, this.productId, file, alt);
      [{ url: outcome }] = await this.deps.db.select({ url: productImages.url }).from(productImages).where(eq(productImages.id, id));
    } catch (error) {
      outcome = photoProblem(error, src, at);
    }
    this.added.set(src, outcome);
    return outcome;
  }
}

/** Each variant row's Variant Image as the variant's own photo; one audit entry for the product's changes. */
async function applyVariantImages(deps: PhotoDeps, actor: Actor, productId: number, images: Map<string, string>) {
  if (images.size === 0) return;
  const variants = await deps.db.select({ id: productVariants.id, modelNumber: productVariants.modelNumber, image: productVariants.image })
    .from(productVariants).where(and(eq(productVariants.productId, productId), inArray(productVariants.modelNumber, [...images.keys()])));
  const changes = variants.filter((variant) => variant.image !== images.get(variant.modelNumber));
  if (changes.length === 0) return;
  await deps.db.transaction(async (tx) => {
    for (const variant of changes) {
      await tx.update(productVariants).set({ image: images.get(variant.modelNumber)! }).where(eq(productVariants.id, variant.id));
    }
    await recordAudit(tx, actor, {
      action: 'product.variant_image', entity: 'product', entityId: productId,
      before: { variants: changes.map((variant) => ({ model_number: variant.modelNumber, image: variant.image })) },
      after: { variants: changes.map((variant) => ({ model_number: variant.modelNumber, image: images.get(variant.modelNumber)! })) },
    });
  });
}

/**
 * Adds each image row's photo in Image Position order, then shows each variant row's Variant Image on its variant
 * (adding the photo to the gallery when it is not there yet). A photo the product already has (same file, or its own
 * address) is not added again. An image that cannot be read is a warning on the first row naming it; it fails nothing.
 */
export async function applyImages(
  deps: PhotoDeps, actor: Actor, productId: number, product: CsvProduct, sources: ImageSources,
): Promise<ImportProblem[]> {
  const variantRows = product.variants.filter((row) => source(row, 'Variant Image'));
  if (product.images.length === 0 && variantRows.length === 0) return [];
  const photos = new ProductPhotos(deps, actor, productId, sources, await ownPhotos(deps.db, productId, deps.publicUrl));
  const warnings: ImportProblem[] = [];
  const at = (row: CsvRow, column: CsvColumn): CellAt => ({ row: row.row, column, handle: product.handle });
  // An image without an Image Position keeps its place in the file.
  const positioned = product.images.map((image, i) => ({ image, position: Number(image.record['Image Position']) || i + 1 }));
  for (const { image } of positioned.sort((a, b) => a.position - b.position)) {
    const added = await photos.add(source(image, 'Image Src'), source(image, 'Image Alt Text'), at(image, 'Image Src'));
    if (added !== null && typeof added !== 'string') warnings.push(added);
  }
  const variantImages = new Map<string, string>();
  for (const row of variantRows) {
    const added = await photos.add(source(row, 'Variant Image'), '', at(row, 'Variant Image'));
    if (typeof added === 'string') variantImages.set(source(row, 'Variant SKU'), added);
    else if (added !== null) warnings.push(added);
  }
  await applyVariantImages(deps, actor, productId, variantImages);
  return warnings;
}
