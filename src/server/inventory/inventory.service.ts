import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  CreateMovementBody, InventoryChoice, InventoryItem, InventoryOverview, listInventoryItems, ManualMovementKind, MovementKind,
  MovementList, Pagination, StockMovement, StockStatusFilter,
} from '#contracts/inventory';
import type { QueryOf } from '#contracts/define';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { categories, products } from '../db/schema/catalog.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { users } from '../db/schema/users.ts';
import type { StockEvents } from '../lib/events.ts';
import { notFound } from '../lib/errors.ts';
import type { Mailer } from '../lib/mailer.ts';
import { notifyBackInStock } from '../stock-notifications/stock-notifications.service.ts';
import { lotLabel, receivedLot } from '../lots/received-lot.ts';
import { afterStockChange } from './after-stock-change.ts';
import { adjust, receive, writeOff, type MovementInput, type StockLevel } from './stock-ledger.ts';

export interface InventoryDeps {
  db: Db;
  events: StockEvents;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
}

const available = sql<number>`(${inventoryItems.currentStock} - ${inventoryItems.reservedStock})`;

const statusCondition: Record<StockStatusFilter, SQL> = {
  out_of_stock: sql`${available} <= 0`,
  low_stock: sql`${available} > 0 and ${available} <= ${inventoryItems.lowStockThreshold}`,
  in_stock: sql`${available} > ${inventoryItems.lowStockThreshold}`,
};

const itemColumns = {
  id: inventoryItems.id,
  productId: inventoryItems.productId,
  productSlug: products.slug,
  productName: products.name,
  productModel: products.modelNumber,
  productBrand: products.brand,
  productCategory: categories.name,
  currentStock: inventoryItems.currentStock,
  reservedStock: inventoryItems.reservedStock,
  lowStockThreshold: inventoryItems.lowStockThreshold,
  lastStockCheck: inventoryItems.lastStockCheck,
  priceCents: products.priceCents,
};
export type ItemRow = { [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] };

export function toItem(row: ItemRow): InventoryItem {
  const availableStock = Math.max(0, row.currentStock - row.reservedStock);
  return {
    id: row.id,
    productId: row.productId,
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

export function selectItems(db: Db) {
  return db.select(itemColumns).from(inventoryItems)
    .innerJoin(products, eq(products.id, inventoryItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId));
}

function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(products.name, pattern), ilike(products.brand, pattern), ilike(products.modelNumber, pattern));
}

const pageOf = (totalItems: number, page: number, perPage: number): Pagination => ({
  totalItems, page, perPage, totalPages: Math.max(1, Math.ceil(totalItems / perPage)),
});

export async function listItems(db: Db, query: QueryOf<typeof listInventoryItems>) {
  const where = and(matching(query.search), query.status ? statusCondition[query.status] : undefined);
  // Only a search needs the product's columns to count; the stock status is the item's own.
  const counted = db.select({ total: count() }).from(inventoryItems);
  const [{ total }] = await (query.search ? counted.innerJoin(products, eq(products.id, inventoryItems.productId)) : counted).where(where);
  const rows = await selectItems(db).where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(query.per_page).offset((query.page - 1) * query.per_page);
  return { items: rows.map(toItem), pagination: pageOf(total, query.page, query.per_page) };
}

/** Items in report order: product name. */
export async function allItems(db: Db): Promise<ItemRow[]> {
  return selectItems(db).orderBy(asc(products.name), asc(products.id));
}

export async function findItem(db: Db, productId: number): Promise<InventoryItem> {
  const [row] = await selectItems(db).where(eq(inventoryItems.productId, productId));
  if (!row) throw notFound('Inventory item not found.');
  return toItem(row);
}

export async function listChoices(db: Db, search: string | undefined): Promise<InventoryChoice[]> {
  const rows = await db.select({
    productId: inventoryItems.productId,
    productName: products.name,
    productModel: products.modelNumber,
    currentStock: inventoryItems.currentStock,
    reservedStock: inventoryItems.reservedStock,
  }).from(inventoryItems).innerJoin(products, eq(products.id, inventoryItems.productId))
    .where(matching(search))
    .orderBy(asc(sql`${available} > 0`), asc(products.name))
    .limit(20);
  return rows.map((row) => ({
    productId: row.productId,
    productName: row.productName,
    productModel: row.productModel,
    availableStock: Math.max(0, row.currentStock - row.reservedStock),
    totalStock: row.currentStock,
  }));
}

export async function overview(db: Db): Promise<InventoryOverview> {
  const [row] = await db.select({
    totalProducts: sql<number>`count(*)::int`,
    lowStockItems: sql<number>`(count(*) filter (where ${statusCondition.low_stock}))::int`,
    outOfStock: sql<number>`(count(*) filter (where ${statusCondition.out_of_stock}))::int`,
    valueCents: sql<string>`coalesce(sum(${inventoryItems.currentStock}::bigint * ${products.priceCents}), 0)::text`,
  }).from(inventoryItems).innerJoin(products, eq(products.id, inventoryItems.productId));
  return {
    totalProducts: Number(row.totalProducts),
    lowStockItems: Number(row.lowStockItems),
    outOfStock: Number(row.outOfStock),
    totalStockValue: centsToDecimal(Number(row.valueCents)),
  };
}

const movementColumns = {
  id: stockMovements.id,
  productId: stockMovements.productId,
  productName: products.name,
  kind: stockMovements.kind,
  quantity: stockMovements.quantity,
  reason: stockMovements.reason,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: stockMovements.createdAt,
};

export async function listMovements(
  db: Db,
  query: { page: number; per_page: number; kind?: MovementKind },
  productId?: number,
): Promise<MovementList> {
  if (productId !== undefined) await findItem(db, productId);
  const where = and(
    productId === undefined ? undefined : eq(stockMovements.productId, productId),
    query.kind ? eq(stockMovements.kind, query.kind) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(stockMovements).where(where);
  const rows = await db.select(movementColumns).from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(where)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(query.per_page).offset((query.page - 1) * query.per_page);
  return { movements: rows.map(toMovement), pagination: pageOf(total, query.page, query.per_page) };
}

function toMovement(row: {
  id: number; productId: number; productName: string; kind: MovementKind; quantity: number; reason: string;
  firstName: string | null; lastName: string | null; createdAt: Date;
}): StockMovement {
  const user = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    productId: row.productId,
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
 * A staff movement: the ledger change, then (once committed) the stock check date, alerts, live pages and, when an
 * out-of-stock product became available, the mail to those waiting for it.
 */
export async function recordMovement(
  deps: InventoryDeps,
  productId: number,
  body: CreateMovementBody & { kind: ManualMovementKind },
  userId: string,
): Promise<{ movement: StockMovement; item: InventoryItem }> {
  const { db } = deps;
  const lot = body.gs1 ? receivedLot(body.gs1) : undefined;
  const reason = body.reason || (lot ? lotLabel(lot) : '');
  const level = await ledgerFor[body.kind](db, { productId, quantity: body.quantity, reason, userId, lot });
  await db.update(inventoryItems).set({ lastStockCheck: new Date() }).where(eq(inventoryItems.productId, productId));
  await afterStockChange(db, deps.events, [productId]);
  const restocked = (body.kind === 'receive' || body.kind === 'return') && level.availableStock > 0
    && level.availableStock <= body.quantity;
  if (restocked) {
    await notifyBackInStock(db, deps.mailer, productId, { publicUrl: deps.publicUrl })
      .catch((error: unknown) => deps.log.error({ err: error, productId }, 'back-in-stock mail failed'));
  }
  const [movement] = await db.select(movementColumns).from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(eq(stockMovements.id, level.movementId));
  return { movement: toMovement(movement), item: await findItem(db, productId) };
}

export async function setThreshold(deps: InventoryDeps, productId: number, lowStockThreshold: number): Promise<InventoryItem> {
  const [row] = await deps.db.update(inventoryItems).set({ lowStockThreshold, lastStockCheck: new Date(), updatedAt: new Date() })
    .where(eq(inventoryItems.productId, productId)).returning({ id: inventoryItems.id });
  if (!row) throw notFound('Inventory item not found.');
  await afterStockChange(deps.db, deps.events, [productId]);
  return findItem(deps.db, productId);
}
