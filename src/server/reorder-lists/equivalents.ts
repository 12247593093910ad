import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { EQUIVALENTS_LIMIT, type EquivalentProduct } from '#contracts/reorder-lists';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { productSpecifications, products } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { INSTRUMENT_TYPES } from '../db/seed/instrument-types.ts';
import { mainImage } from '../catalog/product-list-item.ts';

/** The specification that holds a product's size: its instrument type's size label, 'Length' by default. */
export const sizeKeyOf = (instrumentType: string) =>
  INSTRUMENT_TYPES.find((type) => type.slug === instrumentType)?.sizeLabel ?? 'Length';

interface Source {
  id: number;
  instrumentType: string;
  brand: string;
  priceCents: number;
}

const sizeOf = (key: string) => sql`(select ps.value from product_specifications ps
  where ps.product_id = "products"."id" and ps.key = ${key})`;

/**
 * In-stock products of the same instrument type and size from another brand, closest in price first.
 * `exclude` leaves out products the caller already has (the rest of a reorder list).
 */
export async function findEquivalents(db: Db, source: Source, exclude: number[] = [], limit = EQUIVALENTS_LIMIT): Promise<EquivalentProduct[]> {
  const key = sizeKeyOf(source.instrumentType);
  const [size] = await db.select({ value: productSpecifications.value }).from(productSpecifications)
    .where(and(eq(productSpecifications.productId, source.id), eq(productSpecifications.key, key)));
  const rows = await db.select({
    id: products.id, slug: products.slug, name: products.name, brand: products.brand, priceCents: products.priceCents,
    available: sql<number>`(${inventoryItems.currentStock} - ${inventoryItems.reservedStock})::int`,
    image: mainImage,
  }).from(products)
    .innerJoin(inventoryItems, eq(inventoryItems.productId, products.id))
    .where(and(
      eq(products.instrumentType, source.instrumentType),
      sql`lower(${products.brand}) <> lower(${source.brand})`,
      ne(products.id, source.id),
      eq(products.isActive, true),
      sql`${inventoryItems.currentStock} > ${inventoryItems.reservedStock}`,
      size ? sql`${sizeOf(key)} = ${size.value}` : sql`${sizeOf(key)} is null`,
      exclude.length ? notInArray(products.id, exclude) : undefined,
    ))
    .orderBy(sql`abs(${products.priceCents} - ${source.priceCents})`, asc(products.id))
    .limit(limit);
  return rows.map((row) => ({
    product_id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    price: centsToDecimal(row.priceCents),
    available_stock: Number(row.available),
    image: row.image ?? '',
  }));
}
