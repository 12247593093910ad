import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { SetComponentChoice } from '#contracts/instrument-sets';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { withVariantLabels } from '../catalog/variants.ts';

/** Variants a set may hold, by product name or catalogue number: sets and the set's own product's variants left out. */
export async function searchComponentChoices(db: Db, query: { search: string; product?: number }): Promise<SetComponentChoice[]> {
  if (query.search === '') return [];
  const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.select({
    variantId: productVariants.id,
    productName: products.name,
    modelNumber: productVariants.modelNumber,
    current: inventoryItems.currentStock,
    reserved: inventoryItems.reservedStock,
  }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(
      or(ilike(products.name, pattern), ilike(productVariants.modelNumber, pattern)),
      query.product === undefined ? undefined : ne(productVariants.productId, query.product),
      sql`not exists (select 1 from ${setComponents} where ${setComponents.setVariantId} = ${productVariants.id})`,
    ))
    .orderBy(asc(products.name), asc(productVariants.position), asc(productVariants.id))
    .limit(20);
  return (await withVariantLabels(db, rows)).map((row) => ({
    variant_id: row.variantId,
    product_name: row.productName,
    model_number: row.modelNumber,
    label: row.variantLabel,
    available_stock: Math.max(0, (row.current ?? 0) - (row.reserved ?? 0)),
  }));
}
