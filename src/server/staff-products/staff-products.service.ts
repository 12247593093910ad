import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { BodyOf, QueryOf } from '#contracts/define';
import { message } from '#contracts/issues';
import { centsToDecimal } from '#contracts/money';
import {
  STAFF_PRODUCTS_PAGE_SIZE, type bulkStaffProducts, type listStaffProducts, type StaffProductListItem,
} from '#contracts/staff-products';
import type { Db, Tx } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { available, mainImage } from '../catalog/product-list-item.ts';
import { badRequest } from '../lib/errors.ts';
import { productRuleErrors } from './product-rules.ts';
import { productAsInput, type StoredProduct } from './stored-product.ts';

const activeStock = (column: SQL) => sql<number>`(
  select coalesce(sum(${column}), 0)::int
  from product_variants pv join inventory_items ii on ii.variant_id = pv.id
  where pv.product_id = "products"."id" and pv.is_active)`;
const threshold = activeStock(sql`ii.low_stock_threshold`);
const lowStock = sql<boolean>`exists (
  select 1 from product_variants pv join inventory_items ii on ii.variant_id = pv.id
  where pv.product_id = "products"."id" and pv.is_active and ii.current_stock - ii.reserved_stock <= ii.low_stock_threshold)`;

const STOCK: Record<NonNullable<QueryOf<typeof listStaffProducts>['stock']>, SQL> = {
  in: sql`${available} > ${threshold}`,
  low: sql`${available} > 0 and ${available} <= ${threshold}`,
  out: sql`${available} = 0`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Products whose name or any variant's catalogue number holds the text, whatever its case. */
function matching(search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(products.name, pattern),
    sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}
      and lower(${productVariants.modelNumber}) like lower(${pattern}))`,
  )!;
}

/** The products the staff list's filters match: the list's page, and the CSV export. */
export const staffProductFilter = (query: Omit<QueryOf<typeof listStaffProducts>, 'page'>): SQL | undefined => and(
  query.search ? matching(query.search) : undefined,
  query.category ? eq(products.categoryId, query.category) : undefined,
  query.status ? eq(products.status, query.status) : undefined,
  query.stock ? STOCK[query.stock] : undefined,
);

/** The staff product list: every status, newest change first. */
export async function listProducts(db: Db, query: QueryOf<typeof listStaffProducts>) {
  const where = staffProductFilter(query);
  const [rows, [{ total }]] = await Promise.all([
    db.select({ product: products, categoryName: categories.name, available, lowStock, image: mainImage }).from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where).orderBy(desc(products.updatedAt), desc(products.id))
      .limit(STAFF_PRODUCTS_PAGE_SIZE).offset((query.page - 1) * STAFF_PRODUCTS_PAGE_SIZE),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    count: total,
    page: query.page,
    pageSize: STAFF_PRODUCTS_PAGE_SIZE,
    results: rows.map(({ product, categoryName, available: stock, lowStock: low, image }): StaffProductListItem => ({
      id: product.id,
      slug: product.slug,
      name: product.name,
      brand: product.brand,
      status: product.status,
      category: { id: product.categoryId, name: categoryName },
      model_number: product.modelNumber,
      variant_count: product.variantCount,
      price: centsToDecimal(product.priceCents),
      price_max: centsToDecimal(product.priceMaxCents),
      available_stock: Number(stock),
      low_stock: Boolean(low),
      image: image ?? '',
      updated_at: product.updatedAt.toISOString(),
    })),
  };
}

type Bulk = BodyOf<typeof bulkStaffProducts>;

const STATUS_OF = { publish: 'active', archive: 'archived', draft: 'draft' } as const;

/** A price times (100 + percent) / 100, rounded to the cent, never below one cent. */
const repriced = (column: SQL | typeof productVariants.priceCents, percent: number) =>
  sql`greatest(1, round(${column} * (100 + ${percent}::numeric) / 100))::int`;

/** The change itself, for one product; false when there was nothing to change. */
async function applyBulk(tx: Tx, product: StoredProduct, bulk: Bulk): Promise<boolean> {
  const productId = product.id;
  if (bulk.action === 'move') {
    if (product.category_id === bulk.category_id) return false;
    await tx.update(products).set({ categoryId: bulk.category_id!, updatedAt: sql`now()` }).where(eq(products.id, productId));
  } else if (bulk.action === 'reprice') {
    if (bulk.percent === 0) return false;
    const variantIds = tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
    await tx.update(productVariants).set({
      priceCents: repriced(productVariants.priceCents, bulk.percent!),
      originalPriceCents: sql`case when ${productVariants.originalPriceCents} is null then null
        else ${repriced(sql`${productVariants.originalPriceCents}`, bulk.percent!)} end`,
      updatedAt: sql`now()`,
    }).where(eq(productVariants.productId, productId));
    await tx.update(priceTiers).set({ unitPriceCents: repriced(sql`${priceTiers.unitPriceCents}`, bulk.percent!) })
      .where(inArray(priceTiers.variantId, variantIds));
    await tx.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, productId));
  } else {
    if (product.status === STATUS_OF[bulk.action]) return false;
    await tx.update(products).set({ status: STATUS_OF[bulk.action], updatedAt: sql`now()` }).where(eq(products.id, productId));
  }
  return true;
}

/**
 * Rounding to the cent can bring an original price down to its price, or two tiers to one price: such a reprice is
 * refused for the whole selection rather than saving prices the editor would refuse.
 */
function assertPricesHold(after: StoredProduct): void {
  const broken = Object.keys(productRuleErrors(after)).some((field) => /\.(original_price|tiers\.)/.test(field));
  if (broken) {
    throw badRequest({ percent: [message('reprice_breaks_prices', `At this percentage the prices of ${after.name} would round so that `
      + 'an original price is no longer above its price, or a tier no longer below the one before. Nothing was changed.', { name: after.name })] });
  }
}

async function assertBulkValid(db: Db, bulk: Bulk): Promise<number[]> {
  const ids = [...new Set(bulk.ids)];
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  const unknown = ids.filter((id) => !found.some((row) => row.id === id));
  const errors: Record<string, string[]> = {};
  if (unknown.length) errors.ids = [`Unknown products: ${unknown.join(', ')}.`];
  if (bulk.action === 'move') {
    const [category] = bulk.category_id
      ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, bulk.category_id))
      : [];
    if (!category) errors.category_id = [bulk.category_id ? 'Choose a category that exists.' : 'Choose the category to move to.'];
  }
  if (bulk.action === 'reprice' && bulk.percent === undefined) errors.percent = ['Give the percentage to change prices by.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  return ids;
}

/**
 * Publishes, archives, drafts, moves or reprices several products in one transaction, with one audit entry per product
 * that changed. Answers how many changed.
 */
export async function bulkUpdate(db: Db, actor: Actor, bulk: Bulk): Promise<{ updated: number }> {
  const ids = await assertBulkValid(db, bulk);
  const updated = await db.transaction(async (tx) => {
    let changed = 0;
    for (const id of ids) {
      const before = await productAsInput(tx, id);
      if (!await applyBulk(tx, before, bulk)) continue;
      const after = await productAsInput(tx, id);
      if (bulk.action === 'reprice') assertPricesHold(after);
      await recordAudit(tx, actor, { action: `product.${bulk.action}`, entity: 'product', entityId: id, before, after });
      changed++;
    }
    return changed;
  });
  return { updated };
}
