import { eq, inArray, sql } from 'drizzle-orm';
import type { ImportResult } from '#contracts/staff-products';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { categories, productImages, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { afterStockChange } from '../inventory/after-stock-change.ts';
import type { InventoryDeps } from '../inventory/inventory.service.ts';
import { adjust } from '../inventory/stock-ledger.ts';
import { HttpError } from '../lib/errors.ts';
import { addProductPhoto } from '../media/product-photos.ts';
import { notifyBackInStock } from '../stock-notifications/stock-notifications.service.ts';
import { planProduct, type ProductPlan } from './product-csv-compare.ts';
import { imageSourceProblem, readImageSource, type ImageSources } from './product-csv-images.ts';
import { locateField, mapCsvProduct } from './product-csv-map.ts';
import type { CsvProduct, ParsedCsv, RowError } from './product-csv-parse.ts';
import { createProduct, updateProduct } from './product-writer.ts';
import type { ProductFields } from './product-rules.ts';
import { productAsInput, type StoredProduct } from './stored-product.ts';

export type CsvImportDeps = InventoryDeps;

export interface CsvImportOptions {
  /** Report what would change and write nothing. */
  dryRun: boolean;
  images: ImageSources;
}

/** The stock count a file's Variant Inventory Qty sets is an adjustment with this reason in the ledger. */
export const IMPORT_STOCK_REASON = 'CSV import';

const zero = () => ({ created: 0, updated: 0, unchanged: 0 });

/** Which product of the shop holds each catalogue number the file names (lower case). */
async function catalogueNumberOwners(db: Db, file: ParsedCsv): Promise<Map<string, number>> {
  const numbers = [...new Set(file.products.flatMap((product) => product.variants
    .map((variant) => (variant.record['Variant SKU'] ?? '').trim().toLowerCase()).filter(Boolean)))];
  if (numbers.length === 0) return new Map();
  const rows = await db.select({ number: sql<string>`lower(${productVariants.modelNumber})`, productId: productVariants.productId })
    .from(productVariants).where(inArray(sql`lower(${productVariants.modelNumber})`, numbers));
  return new Map(rows.map((row) => [row.number, row.productId]));
}

/** A catalogue number another product holds, in the shop or earlier in the file. */
function clashes(
  product: CsvProduct, input: ProductFields, storedId: number | undefined, owners: Map<string, number>, inFile: Map<string, string>,
): RowError[] {
  return input.variants.flatMap((variant, i) => {
    const number = variant.model_number.toLowerCase();
    const owner = owners.get(number);
    const earlier = inFile.get(number);
    inFile.set(number, earlier ?? product.handle);
    const row = product.variants[i].row;
    if (owner !== undefined && owner !== storedId) {
      return [{ row, column: 'Variant SKU', message: 'Another product has this catalogue number.' }];
    }
    if (earlier !== undefined && earlier !== product.handle) {
      return [{ row, column: 'Variant SKU', message: `Product ${earlier} in this file has this catalogue number.` }];
    }
    return [];
  });
}

async function currentStock(db: Db, productId: number) {
  return db.select({
    variantId: productVariants.id,
    modelNumber: productVariants.modelNumber,
    currentStock: inventoryItems.currentStock,
    reservedStock: inventoryItems.reservedStock,
  }).from(productVariants).innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(eq(productVariants.productId, productId));
}

/** The writer's refusal, on the rows and columns it names. */
function writerErrors(product: CsvProduct, file: ParsedCsv, error: HttpError): RowError[] {
  if (error.status === 400 && error.errors) {
    return Object.entries(error.errors).flatMap(([key, messages]) => messages
      .map((message) => ({ ...locateField(product, file.columns, key.split('.')), message })));
  }
  return [{ row: product.first.row, column: 'Handle', message: error.detail }];
}

interface Applied {
  errors: RowError[];
  /** Variants whose stock changed, and those that came back in stock. */
  adjusted: number[];
  restocked: number[];
}

const reservedError = (row: number, reserved: number): RowError => ({
  row, column: 'Variant Inventory Qty', message: `${reserved} units are reserved for orders: the count cannot be below that.`,
});

/**
 * Sets each variant's stock to the file's count through the ledger: an adjustment (reason "CSV import") per variant
 * whose count differs, all of the product's in one transaction with one audit entry. A count below the units reserved
 * for orders is refused on its row.
 */
async function applyStock(db: Db, actor: Actor, productId: number, product: CsvProduct, input: ProductFields, stock: (number | null)[]) {
  const applied: Applied = { errors: [], adjusted: [], restocked: [] };
  const levels = await currentStock(db, productId);
  const changes = input.variants.flatMap((variant, i) => {
    const level = levels.find((row) => row.modelNumber.toLowerCase() === variant.model_number.toLowerCase());
    const count = stock[i];
    if (count === null || !level || count === level.currentStock) return [];
    if (count < level.reservedStock) {
      applied.errors.push(reservedError(product.variants[i].row, level.reservedStock));
      return [];
    }
    return [{ level, count }];
  });
  if (changes.length === 0) return applied;
  const view = (modelNumber: string, currentStock: number) => ({ model_number: modelNumber, current_stock: currentStock });
  try {
    await db.transaction(async (tx) => {
      const after: Awaited<ReturnType<typeof adjust>>[] = [];
      for (const { level, count } of changes) {
        after.push(await adjust(tx, {
          variantId: level.variantId, quantity: count - level.currentStock, reason: IMPORT_STOCK_REASON, userId: actor.id,
        }));
      }
      await recordAudit(tx, actor, {
        action: 'stock.adjust', entity: 'product', entityId: productId,
        before: { variants: changes.map(({ level }) => view(level.modelNumber, level.currentStock)) },
        after: { reason: IMPORT_STOCK_REASON, variants: changes.map(({ level }, i) => view(level.modelNumber, after[i].currentStock)) },
      });
      changes.forEach(({ level }, i) => {
        applied.adjusted.push(level.variantId);
        if (level.currentStock - level.reservedStock <= 0 && after[i].availableStock > 0) applied.restocked.push(level.variantId);
      });
    });
  } catch (error) {
    // An order reserved units while the counts were being set: nothing of this product's counts was saved.
    if (!(error instanceof HttpError)) throw error;
    const first = input.variants.findIndex((variant) => variant.model_number === changes[0].level.modelNumber);
    applied.errors.push(reservedError(product.variants[Math.max(first, 0)].row, changes[0].level.reservedStock));
  }
  return applied;
}

/** The absolute addresses of the product's images, which an export of this shop writes as Image Src. */
async function imageAddresses(db: Db, productId: number, publicUrl: string): Promise<Set<string>> {
  const rows = await db.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, productId));
  return new Set(rows.map((row) => new URL(row.url, `${publicUrl}/`).href));
}

/** Adds each image row's photo in Image Position order; one the product already has (same file, or its own address) is skipped. */
async function applyImages(deps: CsvImportDeps, actor: Actor, productId: number, product: CsvProduct, sources: ImageSources) {
  const errors: RowError[] = [];
  if (product.images.length === 0) return errors;
  const own = await imageAddresses(deps.db, productId, deps.publicUrl);
  // An image without an Image Position keeps its place in the file.
  const positioned = product.images.map((image, i) => ({ image, position: Number(image.record['Image Position']) || i + 1 }));
  for (const { image } of positioned.sort((a, b) => a.position - b.position)) {
    const src = (image.record['Image Src'] ?? '').trim();
    if (own.has(src)) continue;
    try {
      const file = await readImageSource(src, sources);
      await addProductPhoto(deps.db, actor, productId, file, (image.record['Image Alt Text'] ?? '').trim());
    } catch (error) {
      if (error instanceof HttpError && error.status !== 400) throw error;
      const reason = error instanceof HttpError ? Object.values(error.errors ?? {}).flat()[0] ?? error.detail : (error as Error).message;
      errors.push({ row: image.row, column: 'Image Src', message: `The image was not added: ${reason}` });
    }
  }
  return errors;
}

function count(result: ImportResult, plan: ProductPlan): void {
  result.products[plan.product] += 1;
  for (const outcome of ['created', 'updated', 'unchanged'] as const) result.variants[outcome] += plan.variants[outcome];
}

/**
 * Imports a parsed product CSV. Each product is checked on its own: a bad row fails its product only. A dry run
 * stops at the plan (and an image check that reads nothing); a real run saves each changed product through the writer
 * (no edit-conflict check: the file is the truth), then its stock counts, then its images.
 */
export async function importProductCsv(
  deps: CsvImportDeps, actor: Actor, file: ParsedCsv, options: CsvImportOptions,
): Promise<ImportResult> {
  const { db } = deps;
  const result: ImportResult = { products: zero(), variants: zero(), errors: [...file.errors] };
  if (file.products.length === 0) return result;
  const categoryIds = new Map((await db.select({ slug: categories.slug, id: categories.id }).from(categories))
    .map((row) => [row.slug, row.id]));
  const stored = new Map((await db.select({ id: products.id, slug: products.slug }).from(products)
    .where(inArray(products.slug, file.products.map((product) => product.handle)))).map((row) => [row.slug, row.id]));
  const owners = await catalogueNumberOwners(db, file);
  const inFile = new Map<string, string>();
  const stockChanged: number[] = [];
  const restocked: number[] = [];
  for (const product of file.products) {
    const storedId = stored.get(product.handle);
    const existing: StoredProduct | undefined = storedId === undefined ? undefined : await productAsInput(db, storedId);
    const mapped = mapCsvProduct(product, { columns: file.columns, categories: categoryIds, existing });
    const problems = mapped.input ? clashes(product, mapped.input, storedId, owners, inFile) : mapped.errors;
    if (!mapped.input || problems.length) {
      result.errors.push(...problems);
      continue;
    }
    const input = mapped.input;
    const levels = storedId === undefined ? [] : await currentStock(db, storedId);
    const plan = planProduct(input, mapped.stock, existing, new Map(levels.map((row) => [row.variantId, row.currentStock])));
    if (options.dryRun) {
      count(result, plan);
      for (const image of product.images) {
        const problem = imageSourceProblem((image.record['Image Src'] ?? '').trim(), options.images);
        if (problem) result.errors.push({ row: image.row, column: 'Image Src', message: problem });
      }
      continue;
    }
    let productId: number;
    try {
      productId = storedId ?? await createProduct(db, actor, input);
      if (storedId !== undefined && plan.write) await updateProduct(db, actor, storedId, input);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      result.errors.push(...writerErrors(product, file, error));
      continue;
    }
    count(result, plan);
    const stock = await applyStock(db, actor, productId, product, input, mapped.stock);
    stockChanged.push(...stock.adjusted);
    // Nobody waits for a variant that did not exist before this import.
    if (storedId !== undefined) restocked.push(...stock.restocked);
    result.errors.push(...stock.errors, ...await applyImages(deps, actor, productId, product, options.images));
  }
  await afterStockChange(db, deps.events, stockChanged);
  for (const variantId of restocked) {
    await notifyBackInStock(db, deps.mailer, variantId, { publicUrl: deps.publicUrl })
      .catch((error: unknown) => deps.log.error({ err: error, variantId }, 'back-in-stock mail failed'));
  }
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}
