import { and, asc, eq, gt, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { HANDLING_FLAGS, type ExpiringLot, type HandlingFlag, type Lot, type ProductHandling } from '#contracts/lots';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { productHandling as productHandlingTable, stockLots } from '../db/schema/lots.ts';
import { notFound } from '../lib/errors.ts';
import { withVariantLabels } from '../catalog/variants.ts';
import { FEFO_ORDER, sellableLot, todayUtc } from './lot-ledger.ts';

const DAY_MS = 86_400_000;

const serialsInStock = sql<string[]>`coalesce((select array_agg(s.serial order by s.serial) from lot_serials s
  where s.lot_id = "stock_lots"."id" and s.order_id is null), '{}')`;

const lotColumns = {
  id: stockLots.id,
  productId: productVariants.productId,
  variantId: stockLots.variantId,
  lotNumber: stockLots.lotNumber,
  expiryDate: stockLots.expiryDate,
  gtin: stockLots.gtin,
  currentStock: stockLots.currentStock,
  reservedStock: stockLots.reservedStock,
  recalledAt: stockLots.recalledAt,
  receivedAt: stockLots.receivedAt,
  serialsInStock,
};
interface LotRow {
  id: number; productId: number; variantId: number; variantLabel: string; lotNumber: string | null; expiryDate: string | null; gtin: string | null;
  currentStock: number; reservedStock: number; recalledAt: Date | null; receivedAt: Date; serialsInStock: string[];
}

export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(date) - Date.parse(today)) / DAY_MS);
}

function toLot(row: LotRow, today: string): Lot {
  const daysLeft = row.expiryDate ? daysUntil(row.expiryDate, today) : null;
  return {
    id: row.id,
    productId: row.productId,
    variantId: row.variantId,
    variantLabel: row.variantLabel,
    lotNumber: row.lotNumber,
    expiryDate: row.expiryDate,
    gtin: row.gtin,
    currentStock: row.currentStock,
    reservedStock: row.reservedStock,
    serialsInStock: row.serialsInStock,
    daysLeft,
    status: row.recalledAt ? 'recalled' : daysLeft !== null && daysLeft <= 0 ? 'expired' : 'sellable',
    receivedAt: row.receivedAt.toISOString(),
  };
}

/** The lots of all the product's variants: a variant's together, in the variants' order, each in FEFO order. */
export async function listProductLots(db: Db, productId: number): Promise<Lot[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Inventory item not found.');
  const rows = await db.select(lotColumns).from(stockLots)
    .innerJoin(productVariants, eq(productVariants.id, stockLots.variantId))
    .where(and(eq(productVariants.productId, productId), or(gt(stockLots.currentStock, 0), isNotNull(stockLots.lotNumber))))
    .orderBy(asc(productVariants.position), asc(productVariants.id), ...FEFO_ORDER);
  const today = todayUtc();
  return (await withVariantLabels(db, rows)).map((row) => toLot(row, today));
}

/** Lots in stock whose expiry date is at most `days` away, expired ones included, soonest first. */
export async function listExpiringLots(db: Db, days: number, now = new Date()): Promise<ExpiringLot[]> {
  const today = todayUtc(now);
  const until = todayUtc(new Date(now.getTime() + days * DAY_MS));
  const rows = await db.select({
    ...lotColumns, productSlug: products.slug, productName: products.name, productModel: productVariants.modelNumber,
  }).from(stockLots)
    .innerJoin(productVariants, eq(productVariants.id, stockLots.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(gt(stockLots.currentStock, 0), isNotNull(stockLots.expiryDate), lte(stockLots.expiryDate, until)))
    .orderBy(...FEFO_ORDER);
  return (await withVariantLabels(db, rows)).map((row) => ({
    ...toLot(row, today), productSlug: row.productSlug, productName: row.productName, productModel: row.productModel,
  }));
}

const FLAG_COLUMNS: Record<HandlingFlag, string> = {
  sterile: 'sterile', single_use: 'single_use', latex_free: 'latex_free', cold_chain: 'cold_chain',
};
const FLAG_FIELDS = { sterile: 'sterile', single_use: 'singleUse', latex_free: 'latexFree', cold_chain: 'coldChain' } as const;

/** The product's flags as an array, for list queries (products."id" is the outer row). */
export const handlingFlagsColumn = sql<HandlingFlag[]>`coalesce((select array_remove(array[${sql.join(
  Object.entries(FLAG_COLUMNS).map(([flag, column]) => sql`case when ph.${sql.raw(column)} then ${flag} end`), sql`, `,
)}]::text[], null) from product_handling ph where ph.product_id = "products"."id"), '{}')`;

/** Products carrying every one of these flags (a list-query condition on products). */
export const hasHandlingFlags = (flags: HandlingFlag[]): SQL =>
  sql`exists (select 1 from product_handling ph where ph.product_id = "products"."id" and ${sql.join(
    flags.map((flag) => sql`ph.${sql.raw(FLAG_COLUMNS[flag])}`), sql` and `,
  )})`;

const FLAG_LABELS: Record<HandlingFlag, string> = {
  sterile: 'Sterile', single_use: 'Single use', latex_free: 'Latex free', cold_chain: 'Cold chain',
};

/** The catalogue's handling filter: how many active products carry each flag; flags none carries are left out. */
export async function handlingFilterOptions(db: Db) {
  const [row] = await db.select(Object.fromEntries(HANDLING_FLAGS.map((flag) => [
    flag, sql<number>`(count(*) filter (where ${productHandlingTable[FLAG_FIELDS[flag]]}))::int`,
  ]))).from(productHandlingTable)
    .innerJoin(products, and(eq(products.id, productHandlingTable.productId), eq(products.isActive, true)));
  return HANDLING_FLAGS.map((flag) => ({ value: flag, label: FLAG_LABELS[flag], count: Number(row[flag]) }))
    .filter((option) => option.count > 0);
}

/** The product page's badges and the soonest expiry among the lots its active variants ship from next. */
/** The handling of the product on sale at `slug`, with its id (what the answer is kept under). */
export async function productHandling(db: Db, slug: string): Promise<{ productId: number; handling: ProductHandling }> {
  const [product] = await db.select({ id: products.id, flags: handlingFlagsColumn }).from(products)
    .where(and(eq(products.slug, slug), eq(products.isActive, true)));
  if (!product) throw notFound('Product not found.');
  const [next] = await db.select({ expiryDate: stockLots.expiryDate }).from(stockLots)
    .innerJoin(productVariants, and(eq(productVariants.id, stockLots.variantId), eq(productVariants.isActive, true)))
    .where(and(eq(productVariants.productId, product.id), sql`${stockLots.currentStock} > ${stockLots.reservedStock}`, sellableLot(todayUtc())))
    .orderBy(...FEFO_ORDER).limit(1);
  return { productId: product.id, handling: { flags: product.flags, nextExpiry: next?.expiryDate ?? null } };
}
