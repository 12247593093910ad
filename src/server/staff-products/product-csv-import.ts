import { eq, inArray, sql } from 'drizzle-orm';
import { defaultCategoryUnknown, type ImportProblem } from '#contracts/product-import';
import type { ImportResult } from '#contracts/staff-products';
import { recordAudit, recordAuditEntries, type Actor, type AuditRecord } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { adjust, adjustUpwards } from '../inventory/stock-ledger.ts';
import { badRequest, HttpError, type FieldErrors } from '../lib/errors.ts';
import { planProduct, type ProductPlan } from './product-csv-compare.ts';
import type { ImageSources } from './product-csv-images.ts';
import { locateField, mapCsvProduct, type CategoryIndex } from './product-csv-map.ts';
import type { CsvProduct, ParsedCsv } from './product-csv-parse.ts';
import { applyImages, imageSourceWarnings, importFetcher } from './product-csv-photos.ts';
import { byRow, messageAt, problemAt } from './product-csv-problems.ts';
import { parseSetComponents } from './product-csv-sets.ts';
import { insertNewProducts } from './bulk-product-create.ts';
import { updateProduct } from './product-writer.ts';
import type { ProductFields } from './product-rules.ts';
import { productsAsInput, type StoredProduct } from './stored-product.ts';

export interface CsvImportDeps {
  db: Db;
  /** The shop's address: an image of this shop's own export is recognised and kept. */
  publicUrl: string;
}

export interface CsvImportOptions {
  /** Report what would change and write nothing. */
  dryRun: boolean;
  images: ImageSources;
  /** The slug of the category of a product whose Category, Product Category and Type name none. */
  defaultCategory?: string;
}

/** The stock count a file's Variant Inventory Qty sets is an adjustment with this reason in the ledger. */
export const IMPORT_STOCK_REASON = 'CSV import';

const zero = () => ({ created: 0, updated: 0, unchanged: 0 });

/** The shop's categories by slug and name, with the default staff chose; an unknown default is refused (400). */
async function categoryIndex(db: Db, defaultSlug: string | undefined): Promise<CategoryIndex> {
  const rows = await db.select({ slug: categories.slug, name: categories.name, id: categories.id }).from(categories);
  const index: CategoryIndex = {
    bySlug: new Map(rows.map((row) => [row.slug, row.id])),
    byName: new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id])),
  };
  if (!defaultSlug) return index;
  index.fallback = index.bySlug.get(defaultSlug);
  if (index.fallback === undefined) throw badRequest({ default_category: [defaultCategoryUnknown(defaultSlug)] });
  return index;
}

/** Which product of the shop holds each catalogue number the file names (lower case). */
async function catalogueNumberOwners(db: Db, file: ParsedCsv): Promise<Map<string, number>> {
  const numbers = [...new Set(file.products.flatMap((product) => product.variants
    .map((variant) => (variant.record['Variant SKU'] ?? '').trim().toLowerCase()).filter(Boolean)))];
  if (numbers.length === 0) return new Map();
  const rows = await db.select({ number: sql<string>`lower(${productVariants.modelNumber})`, productId: productVariants.productId })
    .from(productVariants).where(inArray(sql`lower(${productVariants.modelNumber})`, numbers));
  return new Map(rows.map((row) => [row.number, row.productId]));
}

/** The shop's variants the file's Set Components name, by catalogue number (lower case). */
async function componentIds(db: Db, file: ParsedCsv): Promise<Map<string, number>> {
  const numbers = [...new Set(file.products.flatMap((product) => product.variants.flatMap((variant) => {
    const parsed = parseSetComponents(variant.record['Set Components'] ?? '');
    return 'components' in parsed ? parsed.components.flatMap((component) => [component.modelNumber, component.replaces ?? '']) : [];
  }).filter(Boolean).map((number) => number.toLowerCase())))];
  if (numbers.length === 0) return new Map();
  const rows = await db.select({ number: sql<string>`lower(${productVariants.modelNumber})`, id: productVariants.id })
    .from(productVariants).where(inArray(sql`lower(${productVariants.modelNumber})`, numbers));
  return new Map(rows.map((row) => [row.number, row.id]));
}

/** A catalogue number another product holds, in the shop or earlier in the file. */
function clashes(
  product: CsvProduct, input: ProductFields, storedId: number | undefined, owners: Map<string, number>, inFile: Map<string, string>,
): ImportProblem[] {
  return input.variants.flatMap((variant, i) => {
    const number = variant.model_number.toLowerCase();
    const owner = owners.get(number);
    const earlier = inFile.get(number);
    inFile.set(number, earlier ?? product.handle);
    const at = { row: product.variants[i].row, column: 'Variant SKU', handle: product.handle };
    if (owner !== undefined && owner !== storedId) return [problemAt(at, { key: 'catalogue_number_taken' })];
    if (earlier !== undefined && earlier !== product.handle) {
      return [problemAt(at, { key: 'catalogue_number_in_file', params: { handle: earlier } })];
    }
    return [];
  });
}

/** The stock records of these products' variants, by product. */
async function stockOf(db: Db, productIds: number[]): Promise<Map<number, StockRecord[]>> {
  const levels = new Map<number, StockRecord[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return levels;
  const rows = await db.select({
    productId: productVariants.productId,
    variantId: productVariants.id,
    modelNumber: productVariants.modelNumber,
    currentStock: inventoryItems.currentStock,
    reservedStock: inventoryItems.reservedStock,
  }).from(productVariants).innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(sql`${productVariants.productId} = any(${sql.param(productIds)}::int[])`);
  for (const { productId, ...level } of rows) levels.get(productId)!.push(level);
  return levels;
}

interface StockRecord {
  variantId: number;
  modelNumber: string;
  currentStock: number;
  reservedStock: number;
}

/** The writer's refusal, on the rows and columns it names. */
function writerErrors(product: CsvProduct, file: ParsedCsv, error: HttpError): ImportProblem[] {
  if (error.status === 400 && error.errors) return fieldErrors(product, file, error.errors);
  return [messageAt({ row: product.first.row, column: 'Handle', handle: product.handle }, { message: error.detail })];
}

function fieldErrors(product: CsvProduct, file: ParsedCsv, errors: FieldErrors): ImportProblem[] {
  return Object.entries(errors).flatMap(([key, messages]) => messages
    .map((message) => messageAt(locateField(product, file.columns, key.split('.')), { message })));
}

interface Applied {
  errors: ImportProblem[];
}

const reservedError = (product: CsvProduct, row: number, reserved: number): ImportProblem => problemAt(
  { row, column: 'Variant Inventory Qty', handle: product.handle }, { key: 'stock_below_reserved', params: { reserved } },
);

const stockView = (modelNumber: string, currentStock: number) => ({ model_number: modelNumber, current_stock: currentStock });

/** The audit entry of a product's counts set by a file: each changed variant's stock before and after. */
const stockAudit = (productId: number, changes: { modelNumber: string; before: number; after: number }[]): AuditRecord => ({
  action: 'stock.adjust', entity: 'product', entityId: productId,
  before: { variants: changes.map((change) => stockView(change.modelNumber, change.before)) },
  after: { reason: IMPORT_STOCK_REASON, variants: changes.map((change) => stockView(change.modelNumber, change.after)) },
});

/**
 * Sets each variant's stock to the file's count through the ledger: an adjustment (reason "CSV import") per variant
 * whose count differs, all of the product's in one transaction with one audit entry. A count below the units reserved
 * for orders is refused on its row. `levels` are the product's stock records now.
 */
async function applyStock(
  db: Db, actor: Actor, productId: number, product: CsvProduct, input: ProductFields, stock: (number | null)[], levels: StockRecord[],
) {
  const applied: Applied = { errors: [] };
  const changes = input.variants.flatMap((variant, i) => {
    const level = levels.find((row) => row.modelNumber.toLowerCase() === variant.model_number.toLowerCase());
    const count = stock[i];
    if (count === null || !level || count === level.currentStock) return [];
    if (count < level.reservedStock) {
      applied.errors.push(reservedError(product, product.variants[i].row, level.reservedStock));
      return [];
    }
    return [{ level, count }];
  });
  if (changes.length === 0) return applied;
  try {
    await db.transaction(async (tx) => {
      const after: Awaited<ReturnType<typeof adjust>>[] = [];
      for (const { level, count } of changes) {
        after.push(await adjust(tx, {
          variantId: level.variantId, quantity: count - level.currentStock, reason: IMPORT_STOCK_REASON, userId: actor.id,
        }));
      }
      await recordAudit(tx, actor, stockAudit(productId, changes.map(({ level }, i) => ({
        modelNumber: level.modelNumber, before: level.currentStock, after: after[i].currentStock,
      }))));
    });
  } catch (error) {
    // An order reserved units while the counts were being set: nothing of this product's counts was saved.
    if (!(error instanceof HttpError)) throw error;
    const first = input.variants.findIndex((variant) => variant.model_number === changes[0].level.modelNumber);
    applied.errors.push(reservedError(product, product.variants[Math.max(first, 0)].row, changes[0].level.reservedStock));
  }
  return applied;
}

/** A product of the file the shop does not have yet, checked and ready to be created. */
interface NewProduct {
  product: CsvProduct;
  input: ProductFields;
  stock: (number | null)[];
  plan: ProductPlan;
}

/** At most this many products, and about this many variants, are created in one transaction. */
const BATCH_PRODUCTS = 200;
const BATCH_VARIANTS = 1_000;

function batches(fresh: NewProduct[]): NewProduct[][] {
  const all: NewProduct[][] = [];
  let variants = 0;
  for (const item of fresh) {
    const last = all.at(-1);
    if (!last || last.length >= BATCH_PRODUCTS || variants + item.input.variants.length > BATCH_VARIANTS) {
      all.push([item]);
      variants = item.input.variants.length;
    } else {
      last.push(item);
      variants += item.input.variants.length;
    }
  }
  return all;
}

/**
 * Creates a batch of new products in one transaction: the products (each refused on its own rows when the writer
 * refuses it), then their opening stock through the ledger (reason "CSV import") with one audit entry per product.
 * Returns the ids of the products created, in the order given (null: refused).
 */
async function createBatch(db: Db, actor: Actor, file: ParsedCsv, batch: NewProduct[], result: ImportResult) {
  return db.transaction(async (tx) => {
    const created = await insertNewProducts(tx, actor, batch.map((item) => item.input));
    const openings = created.flatMap((creation, i) => {
      if ('errors' in creation) return [];
      return batch[i].input.variants.flatMap((variant, v) => {
        const count = batch[i].stock[v];
        return count ? [{ productId: creation.id, modelNumber: variant.model_number, variantId: creation.variantIds[v], count }] : [];
      });
    });
    const levels = await adjustUpwards(tx, openings.map((opening) => ({
      variantId: opening.variantId, quantity: opening.count, reason: IMPORT_STOCK_REASON, userId: actor.id,
    })));
    const audits = created.flatMap((creation, i) => {
      if ('errors' in creation) {
        result.errors.push(...fieldErrors(batch[i].product, file, creation.errors));
        return [];
      }
      count(result, batch[i].plan);
      const changes = openings.flatMap((opening, o) => (opening.productId === creation.id
        ? [{ modelNumber: opening.modelNumber, before: 0, after: levels[o].currentStock }] : []));
      return changes.length ? [stockAudit(creation.id, changes)] : [];
    });
    await recordAuditEntries(tx, actor, audits);
    return created.map((creation) => ('errors' in creation ? null : creation.id));
  });
}

function count(result: ImportResult, plan: ProductPlan): void {
  result.products[plan.product] += 1;
  for (const outcome of ['created', 'updated', 'unchanged'] as const) result.variants[outcome] += plan.variants[outcome];
}

/**
 * Imports a parsed product CSV. Each product is checked on its own: a bad row fails its product only. The products
 * the file names are read once for all of them. A dry run stops at the plan (and an image check that reads nothing);
 * a real run saves each changed stored product through the writer (no edit-conflict check: the file is the truth),
 * then its stock counts, then its images; then creates the new products in batches with their opening stock, then
 * their images.
 */
export async function importProductCsv(
  deps: CsvImportDeps, actor: Actor, file: ParsedCsv, options: CsvImportOptions,
): Promise<ImportResult> {
  const { db } = deps;
  const result: ImportResult = { products: zero(), variants: zero(), errors: [...file.errors], warnings: [...file.warnings] };
  const categoryIds = await categoryIndex(db, options.defaultCategory);
  if (file.products.length === 0) return result;
  const images: ImageSources = { ...options.images, fetchImage: importFetcher(options.images.fetchImage) };
  const stored = new Map((await db.select({ id: products.id, slug: products.slug }).from(products)
    .where(inArray(products.slug, file.products.map((product) => product.handle)))).map((row) => [row.slug, row.id]));
  const owners = await catalogueNumberOwners(db, file);
  const variantIds = await componentIds(db, file);
  const storedProducts = await productsAsInput(db, [...stored.values()]);
  const storedStock = await stockOf(db, [...stored.values()]);
  const inFile = new Map<string, string>();
  const fresh: NewProduct[] = [];
  for (const product of file.products) {
    const storedId = stored.get(product.handle);
    const existing: StoredProduct | undefined = storedId === undefined ? undefined : storedProducts.get(storedId);
    const mapped = mapCsvProduct(product, { columns: file.columns, categories: categoryIds, existing, variantIds });
    result.warnings.push(...mapped.warnings);
    const problems = mapped.input ? clashes(product, mapped.input, storedId, owners, inFile) : mapped.errors;
    if (!mapped.input || problems.length) {
      result.errors.push(...problems);
      continue;
    }
    const input = mapped.input;
    const levels = storedId === undefined ? [] : storedStock.get(storedId)!;
    const plan = planProduct(input, mapped.stock, existing, new Map(levels.map((row) => [row.variantId, row.currentStock])));
    if (options.dryRun) {
      count(result, plan);
      result.warnings.push(...imageSourceWarnings(product, images));
      continue;
    }
    if (storedId === undefined) {
      fresh.push({ product, input, stock: mapped.stock, plan });
      continue;
    }
    try {
      if (plan.write) await updateProduct(db, actor, storedId, input);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      result.errors.push(...writerErrors(product, file, error));
      continue;
    }
    count(result, plan);
    // Saving may have added variants: their stock records are read again.
    const stock = await applyStock(db, actor, storedId, product, input, mapped.stock, plan.write ? (await stockOf(db, [storedId])).get(storedId)! : levels);
    result.errors.push(...stock.errors);
    result.warnings.push(...await applyImages(deps, actor, storedId, product, images));
  }
  for (const batch of batches(fresh)) {
    const ids = await createBatch(db, actor, file, batch, result);
    for (const [i, id] of ids.entries()) {
      if (id !== null) result.warnings.push(...await applyImages(deps, actor, id, batch[i].product, images));
    }
  }
  return { ...result, errors: byRow(result.errors), warnings: byRow(result.warnings) };
}
