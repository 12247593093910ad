import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { mainImage } from '../catalog/product-list-item.ts';
import { variantLabels } from '../catalog/variants.ts';
import type { DbOrTx } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { sellableNow } from '../quotes/quote-stock.ts';
import type { OrderLine } from './order-source.ts';

/** Where quoted lines are kept: a quote's lines, a private-label request's items (each priced by staff). */
export interface QuotedRows {
  table: PgTable;
  variantId: PgColumn;
  unitPriceCents: PgColumn;
  quantity: PgColumn;
  where: SQL;
}

/** The rows as order lines at the unit prices staff quoted, in variant order, with what is in stock now. */
export async function quotedOrderLines(tx: DbOrTx, quoted: QuotedRows): Promise<OrderLine[]> {
  const rows = await tx.select({
    productId: products.id,
    variantId: productVariants.id,
    name: products.name,
    modelNumber: productVariants.modelNumber,
    image: sql<string | null>`coalesce(${productVariants.image}, ${mainImage})`,
    categoryName: categories.name,
    unitPriceCents: sql<number>`${quoted.unitPriceCents}`,
    quantity: sql<number>`${quoted.quantity}`,
    available: sellableNow,
  }).from(quoted.table)
    .innerJoin(productVariants, eq(productVariants.id, quoted.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(quoted.where).orderBy(asc(quoted.variantId));
  const labels = await variantLabels(tx, rows.map((row) => row.variantId));
  return rows.map(({ image, available, unitPriceCents, quantity, ...row }) => ({
    ...row, variantLabel: labels.get(row.variantId) ?? '', image: image ?? '', unitPriceCents: Number(unitPriceCents), quantity: Number(quantity),
    available: Number(available),
  }));
}
