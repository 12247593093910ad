import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  CreateMovementBody, InventoryChoice, InventoryItem, InventoryOverview, listInventoryItems, ManualMovementKind, MovementKind,
  MovementList, Pagination, StockMovement, StockStatusFilter,
} from '#contracts/inventory';
import type { QueryOf } from '#contracts/define';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { users } from '../db/schema/users.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { notFound } from '../lib/errors.ts';
import { resolveVariant, withVariantLabels } from '../catalog/variants.ts';
import { lotLabel, receivedLot } from '../lots/received-lot.ts';
import { adjust, receive, writeOff, type MovementInput, type StockLevel } from './stock-ledger.ts';

export interface InventoryDeps {
  db: Db;
}

const available = sql<number>`(${inventoryItems.currentStock} - ${inventoryItems.reservedStock})`;

const statusCondition: Record<StockStatusFilter, SQL> = {
  out_of_stock: sql`${available} <= 0`,
  low_stock: sql`${available} > 0 and ${available} <= ${inventoryItems.lowStockThreshold}`,
  in_stock: sql`${available} > ${inventoryItems.lowStockThreshold}`,
};

const itemColumns = {
  id: inventoryItems.id,
  productId: productVariants.productId,
  variantId: inventoryItems.variantId,
  productSlug: products.slug,
  productName: products.name,
  productModel: productVariants.modelNumber,
  productBrand: products.brand,
  productCategory: categories.name,
  currentStock: inventoryItems.currentStock,
  reservedStock: inventoryItems.reservedStock,
  lowStockThreshold: inventoryItems.lowStockThreshold,
  lastStockCheck: inventoryItems.lastStockCheck,
  priceCents: productVariants.priceCents,
};
export type ItemRow = { [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] } & { variantLabel: string };

export function toItem(row: ItemRow): InventoryItem {
  const availableStock = Math.max(0, row.currentStock - row.reservedStock);
  return {
    id: row.id,
    productId: row.productId,
    variantId: row.variantId,
    variantLabel: row.variantLabel,
    productSlug: row.productSlug,
    productName: row.productName,
    productModel: row.productModel,
    productBrand: row.productBrand,
    productCategory: row.productCategory,
    availableStock,
    totalStock: row.currentStock,
    reservedStock: row.reservedStock,
    lowStockThreshold: row.lowStockThreshold,
    isInStock: availableStock > 0,
    isLowStock: availableStock > 0 && availableStock <= row.lowStockThreshold,
    lastStockCheck: row.lastStockCheck.toISOString(),
    hasDjangoProduct: true,
    stockValue: centsToDecimal(row.currentStock * row.priceCents),
  };
}

function selectItems(db: Db) {
  return db.select(itemColumns).from(inventoryItems)
    .innerJoin(productVariants, eq(productVariants.id, inventoryItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .$dynamic();
}

/** A product's variants together, in their order; products by name. */
const ITEM_ORDER = [asc(products.name), asc(products.id), asc(productVariants.position), asc(productVariants.id)];

function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(products.name, pattern), ilike(products.brand, pattern), ilike(productVariants.modelNumber, pattern));
}

const pageOf = (totalItems: number, page: number, perPage: number): Pagination => ({
  totalItems, page, perPage, totalPages: Math.max(1, Math.ceil(totalItems / perPage)),
});

export async function listItems(db: Db, query: QueryOf<typeof listInventoryItems>) {
  const where = and(matching(query.search), query.status ? statusCondition[query.status] : undefined);
  // Only a search needs the variant's and product's columns to count; the stock status is the item's own.
  const counted = db.select({ total: count() }).from(inventoryItems).$dynamic();
  const [{ total }] = await (query.search
    ? counted.innerJoin(productVariants, eq(productVariants.id, inventoryItems.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
    : counted).where(where);
  const rows = await selectItems(db).where(where).orderBy(...ITEM_ORDER)
    .limit(query.per_page).offset((query.page - 1) * query.per_page);
  return { items: (await withVariantLabels(db, rows)).map(toItem), pagination: pageOf(total, query.page, query.per_page) };
}

/** A variant that is not a set: a set's stock row is derived from its components', so it is not stock held. */
const notASet = sql`not exists (select 1 from ${setComponents} where ${setComponents.setVariantId} = ${inventoryItems.variantId})`;

/** Items in report order (the items list's): the stock held, so sets are left out. */
export async function allItems(db: Db): Promise<ItemRow[]> {
  return withVariantLabels(db, await selectItems(db).where(notASet).orderBy(...ITEM_ORDER));
}

export async function findItem(db: Db, variantId: number): Promise<InventoryItem> {
  const [row] = await withVariantLabels(db, await selectItems(db).where(eq(inventoryItems.variantId, variantId)));
  if (!row) throw notFound('Inventory item not found.');
  return toItem(row);
}

/** The variant of the product a staff change means (resolveVariant, with the error on `variantId`); 404 for an unknown product. */
async function variantOf(db: Db, productId: number, variantId: number | undefined): Promise<number> {
  const variant = await resolveVariant(db, productId, variantId, 'variantId');
  if (!variant) throw notFound('Inventory item not found.');
  return variant.id;
}

export async function listChoices(db: Db, search: string | undefined): Promise<InventoryChoice[]> {
  const rows = await db.select({
    productId: productVariants.productId,
    variantId: inventoryItems.variantId,
    productName: products.name,
    productModel: productVariants.modelNumber,
    currentStock: inventoryItems.currentStock,
    reservedStock: inventoryItems.reservedStock,
  }).from(inventoryItems)
    .innerJoin(productVariants, eq(productVariants.id, inventoryItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(matching(search))
    .orderBy(asc(sql`${available} > 0`), ...ITEM_ORDER)
    .limit(20);
  return (await withVariantLabels(db, rows)).map((row) => ({
    productId: row.productId,
    variantId: row.variantId,
    variantLabel: row.variantLabel,
    productName: row.productName,
    productModel: row.productModel,
    availableStock: Math.max(0, row.currentStock - row.reservedStock),
    totalStock: row.currentStock,
  }));
}

export async function overview(db: Db): Promise<InventoryOverview> {
  const [row] = await db.select({
    totalProducts: sql<number>`count(distinct ${productVariants.productId})::int`,
    lowStockItems: sql<number>`(count(*) filter (where ${statusCondition.low_stock}))::int`,
    outOfStock: sql<number>`(count(*) filter (where ${statusCondition.out_of_stock}))::int`,
    // A set's units are its components' units: counting both would value them twice.
    valueCents: sql<string>`coalesce(sum(${inventoryItems.currentStock}::bigint * ${productVariants.priceCents}) filter (where ${notASet}), 0)::text`,
  }).from(inventoryItems).innerJoin(productVariants, eq(productVariants.id, inventoryItems.variantId));
  return {
    totalProducts: Number(row.totalProducts),
    lowStockItems: Number(row.lowStockItems),
    outOfStock: Number(row.outOfStock),
    totalStockValue: centsToDecimal(Number(row.valueCents)),
  };
}

const movementColumns = {
  id: stockMovements.id,
  productId: productVariants.productId,
  variantId: stockMovements.variantId,
  productName: products.name,
  kind: stockMovements.kind,
  quantity: stockMovements.quantity,
  reason: stockMovements.reason,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: stockMovements.createdAt,
};

function selectMovements(db: Db, where: SQL | undefined) {
  return db.select(movementColumns).from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(where)
    .$dynamic();
}

/** Every movement, or those of all the product's variants. */
export async function listMovements(
  db: Db,
  query: { page: number; per_page: number; kind?: MovementKind },
  productId?: number,
): Promise<MovementList> {
  if (productId !== undefined) {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound('Inventory item not found.');
  }
  const where = and(
    productId === undefined ? undefined : eq(productVariants.productId, productId),
    query.kind ? eq(stockMovements.kind, query.kind) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId)).where(where);
  const rows = await selectMovements(db, where)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(query.per_page).offset((query.page - 1) * query.per_page);
  return { movements: (await withVariantLabels(db, rows)).map(toMovement), pagination: pageOf(total, query.page, query.per_page) };
}

function toMovement(row: {
  id: number; productId: number; variantId: number; variantLabel: string; productName: string; kind: MovementKind;
  quantity: number; reason: string; firstName: string | null; lastName: string | null; createdAt: Date;
}): StockMovement {
  const user = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    productId: row.productId,
    variantId: row.variantId,
    variantLabel: row.variantLabel,
    productName: row.productName,
    kind: row.kind,
    quantity: row.quantity,
    reason: row.reason,
    user: row.firstName === null ? null : user || null,
    createdAt: row.createdAt.toISOString(),
  };
}

const ledgerFor: Record<ManualMovementKind, (db: Db, input: MovementInput) => Promise<StockLevel & { movementId: number }>> = {
  receive: (db, input) => receive(db, input, 'receive'),
  return: (db, input) => receive(db, input, 'return'),
  damage: writeOff,
  adjust,
};

/**
 * A staff movement on one of the product's variants: the ledger change and the stock check date. Its commit sets off
 * alerts, live pages and back-in-stock mail (after-stock-commit.ts).
 */
export async function recordMovement(
  deps: InventoryDeps,
  productId: number,
  body: CreateMovementBody & { kind: ManualMovementKind },
  userId: string,
): Promise<{ movement: StockMovement; item: InventoryItem }> {
  const { db } = deps;
  const variantId = await variantOf(db, productId, body.variantId);
  const lot = body.gs1 ? receivedLot(body.gs1) : undefined;
  const reason = body.reason || (lot ? lotLabel(lot) : '');
  const level = await ledgerFor[body.kind](db, { variantId, quantity: body.quantity, reason, userId, lot });
  await db.update(inventoryItems).set({ lastStockCheck: new Date() }).where(eq(inventoryItems.variantId, variantId));
  const [movement] = await withVariantLabels(db, await selectMovements(db, eq(stockMovements.id, level.movementId)));
  return { movement: toMovement(movement), item: await findItem(db, variantId) };
}

export async function setThreshold(
  deps: InventoryDeps, productId: number, body: { lowStockThreshold: number; variantId?: number },
): Promise<InventoryItem> {
  const variantId = await variantOf(deps.db, productId, body.variantId);
  const [row] = await deps.db.update(inventoryItems)
    .set({ lowStockThreshold: body.lowStockThreshold, lastStockCheck: new Date(), updatedAt: new Date() })
    .where(eq(inventoryItems.variantId, variantId)).returning({ id: inventoryItems.id });
  if (!row) throw notFound('Inventory item not found.');
  return findItem(deps.db, variantId);
}
