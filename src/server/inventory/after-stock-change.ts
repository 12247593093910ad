import { inArray } from 'drizzle-orm';
import type { StockChange } from '#contracts/inventory';
import type { Db } from '../db/client.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import type { StockEvents } from '../lib/events.ts';
import { evaluateAlerts } from './stock-alerts.service.ts';

/** The public live-stock figures of these products now. */
export async function stockChanges(db: Db, productIds: number[]): Promise<StockChange[]> {
  if (productIds.length === 0) return [];
  const rows = await db.select({
    productId: inventoryItems.productId,
    currentStock: inventoryItems.currentStock,
    reservedStock: inventoryItems.reservedStock,
    lowStockThreshold: inventoryItems.lowStockThreshold,
    updatedAt: inventoryItems.updatedAt,
  }).from(inventoryItems).where(inArray(inventoryItems.productId, productIds));
  return rows.map((row) => ({
    productId: row.productId,
    availableStock: Math.max(0, row.currentStock - row.reservedStock),
    currentStock: row.currentStock,
    reservedStock: row.reservedStock,
    lowStockThreshold: row.lowStockThreshold,
    lastUpdated: row.updatedAt.toISOString(),
  }));
}

/**
 * Call after any stock movement has COMMITTED (never inside the transaction: other connections would not see it
 * yet): opens or resolves the products' low/out-of-stock alerts and pushes their new levels to live pages.
 */
export async function afterStockChange(db: Db, events: StockEvents, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await evaluateAlerts(db, ids);
  for (const change of await stockChanges(db, ids)) events.publish(change);
}
