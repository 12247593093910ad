import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';

/** A product's stock as the audit trail keeps it: each variant's on-hand, reserved and threshold. */
export const stockOf = (db: Db) => async (productId: string) => db.select({
  variantId: inventoryItems.variantId,
  modelNumber: productVariants.modelNumber,
  currentStock: inventoryItems.currentStock,
  reservedStock: inventoryItems.reservedStock,
  lowStockThreshold: inventoryItems.lowStockThreshold,
}).from(inventoryItems).innerJoin(productVariants, eq(productVariants.id, inventoryItems.variantId))
  .where(eq(productVariants.productId, Number(productId))).orderBy(asc(productVariants.position));
