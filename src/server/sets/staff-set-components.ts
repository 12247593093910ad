import { eq, inArray } from 'drizzle-orm';
import type { SetComponentFields, StaffSetComponent } from '#contracts/instrument-sets';
import type { DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { withVariantLabels } from '../catalog/variants.ts';

/** The components as the staff editor shows them: each with its product's name, catalogue number, label and free units. */
export async function describeComponents(db: DbOrTx, compositions: SetComponentFields[][]): Promise<StaffSetComponent[][]> {
  const ids = [...new Set(compositions.flat().map((component) => component.variant_id))];
  const rows = ids.length ? await withVariantLabels(db, await db.select({
    variantId: productVariants.id,
    productName: products.name,
    modelNumber: productVariants.modelNumber,
    current: inventoryItems.currentStock,
    reserved: inventoryItems.reservedStock,
  }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id)).where(inArray(productVariants.id, ids))) : [];
  const byId = new Map(rows.map((row) => [row.variantId, row]));
  return compositions.map((components) => components.map((component) => {
    const row = byId.get(component.variant_id);
    return {
      ...component,
      product_name: row?.productName ?? '',
      model_number: row?.modelNumber ?? '',
      label: row?.variantLabel ?? '',
      available_stock: row ? Math.max(0, (row.current ?? 0) - (row.reserved ?? 0)) : 0,
    };
  }));
}
