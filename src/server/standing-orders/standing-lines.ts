import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { reorderListItems } from '../db/schema/reorder-lists.ts';
import { variantLabels } from '../catalog/variants.ts';
import { availableNow } from '../cart/cart.service.ts';
import { lineName } from '../cart/line-name.ts';

export type LeftOutReason = 'out_of_stock' | 'off_sale';

export interface StandingLine {
  variantId: number;
  name: string;
  modelNumber: string;
  /** The list's par level: what every run orders of the item. */
  quantity: number;
  /** Why the item cannot be ordered now; null when it can. */
  leftOut: LeftOutReason | null;
}

/**
 * What a run of the list orders: every item at its par level, in the list's order. An item taken off sale, or with
 * fewer units available than its par level, is left out and says why.
 */
export async function standingLines(db: DbOrTx, listId: number): Promise<StandingLine[]> {
  const rows = await db.select({
    variantId: productVariants.id, name: products.name, modelNumber: productVariants.modelNumber, parLevel: reorderListItems.parLevel,
    onSale: sql<boolean>`coalesce(${products.isActive}, false) and ${productVariants.isActive}`,
    available: availableNow,
  }).from(reorderListItems)
    .innerJoin(productVariants, eq(productVariants.id, reorderListItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(eq(reorderListItems.listId, listId))
    .orderBy(asc(reorderListItems.createdAt), asc(reorderListItems.id));
  const labels = await variantLabels(db, rows.map((row) => row.variantId));
  return rows.map((row) => ({
    variantId: row.variantId,
    name: lineName(row.name, labels.get(row.variantId) ?? ''),
    modelNumber: row.modelNumber,
    quantity: row.parLevel,
    leftOut: !row.onSale ? 'off_sale' : Number(row.available) < row.parLevel ? 'out_of_stock' : null,
  }));
}

/** '2 × Kelly Hemostat (SS-101)': a line as the run's detail and mails name it. */
export const lineText = (line: StandingLine) => `${line.quantity} × ${line.name} (${line.modelNumber})`;
