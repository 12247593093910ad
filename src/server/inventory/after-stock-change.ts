import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StockChange } from '#contracts/inventory';
import type { Db } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import type { StockEvents } from '../lib/events.ts';
import { evaluateAlerts } from './stock-alerts.service.ts';

/** The public live-stock figures of these products now: the sums over their active variants, and each variant's. */
export async function stockChanges(db: Db, productIds: number[]): Promise<StockChange[]> {
  if (productIds.length === 0) return [];
  const rows = await db.select({
    productId: productVariants.productId,
    variantId: productVariants.id,
    currentStock: inventoryItems.currentStock,
    reservedStock: inventoryItems.reservedStock,
    lowStockThreshold: inventoryItems.lowStockThreshold,
    updatedAt: inventoryItems.updatedAt,
  }).from(productVariants)
    .innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(inArray(productVariants.productId, productIds), eq(productVariants.isActive, true)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const changes = new Map<number, StockChange>();
  for (const row of rows) {
    const availableStock = Math.max(0, row.currentStock - row.reservedStock);
    const change = changes.get(row.productId) ?? {
      productId: row.productId, availableStock: 0, currentStock: 0, reservedStock: 0, lowStockThreshold: 0,
      lastUpdated: row.updatedAt.toISOString(), variants: [],
    };
    change.availableStock += availableStock;
    change.currentStock += row.currentStock;
    change.reservedStock += row.reservedStock;
    change.lowStockThreshold += row.lowStockThreshold;
    if (row.updatedAt.toISOString() > change.lastUpdated) change.lastUpdated = row.updatedAt.toISOString();
    change.variants.push({ variantId: row.variantId, currentStock: row.currentStock, availableStock, reservedStock: row.reservedStock });
    changes.set(row.productId, change);
  }
  return [...changes.values()];
}

/**
 * Call after any stock movement has COMMITTED (never inside the transaction: other connections would not see it
 * yet): opens or resolves the variants' low/out-of-stock alerts and pushes their products' new levels to live pages.
 */
export async function afterStockChange(db: Db, events: StockEvents, variantIds: number[]): Promise<void> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return;
  await evaluateAlerts(db, ids);
  const products = await db.selectDistinct({ productId: productVariants.productId }).from(productVariants)
    .where(inArray(productVariants.id, ids));
  for (const change of await stockChanges(db, products.map((row) => row.productId))) events.publish(change);
}
