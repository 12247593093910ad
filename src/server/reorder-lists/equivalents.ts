import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { EQUIVALENTS_LIMIT, type EquivalentProduct } from '#contracts/reorder-lists';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { INSTRUMENT_TYPES } from '../seed/instrument-types.ts';
import { mainImage } from '../catalog/product-list-item.ts';
import { variantLabels } from '../catalog/variants.ts';

/** The specification that holds a product's size: its instrument type's size label, 'Length' by default. */
export const sizeKeyOf = (instrumentType: string) =>
  INSTRUMENT_TYPES.find((type) => type.slug === instrumentType)?.sizeLabel ?? 'Length';

/** The variant whose equivalents are wanted, with its product's type and brand. */
export interface EquivalentSource {
  productId: number;
  variantId: number;
  instrumentType: string;
  brand: string;
  /** The variant's own price. */
  priceCents: number;
}

/** A variant's size: its own value of the size option when the product has one, else the product's specification. */
const sizeOf = (key: string) => sql<string | null>`coalesce("product_variants"."options" ->> ${key}::text, (select ps.value
  from product_specifications ps where ps.product_id = "product_variants"."product_id" and ps.key = ${key}))`;

/**
 * In-stock variants of other brands' products of the same instrument type and size, closest in price first.
 * `exclude` leaves out variants the caller already has (the rest of a reorder list).
 */
export async function findEquivalents(
  db: Db, source: EquivalentSource, exclude: number[] = [], limit = EQUIVALENTS_LIMIT,
): Promise<EquivalentProduct[]> {
  const key = sizeKeyOf(source.instrumentType);
  const [size] = await db.select({ value: sizeOf(key) }).from(productVariants).where(eq(productVariants.id, source.variantId));
  const rows = await db.select({
    productId: products.id, variantId: productVariants.id, slug: products.slug, name: products.name, brand: products.brand,
    priceCents: productVariants.priceCents,
    available: sql<number>`(${inventoryItems.currentStock} - ${inventoryItems.reservedStock})::int`,
    image: mainImage,
  }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(
      eq(products.instrumentType, source.instrumentType),
      sql`lower(${products.brand}) <> lower(${source.brand})`,
      ne(products.id, source.productId),
      eq(products.isActive, true),
      eq(productVariants.isActive, true),
      sql`${inventoryItems.currentStock} > ${inventoryItems.reservedStock}`,
      size?.value == null ? sql`${sizeOf(key)} is null` : sql`${sizeOf(key)} = ${size.value}`,
      exclude.length ? notInArray(productVariants.id, exclude) : undefined,
    ))
    .orderBy(sql`abs(${productVariants.priceCents} - ${source.priceCents})`, asc(productVariants.id))
    .limit(limit);
  const labels = await variantLabels(db, rows.map((row) => row.variantId));
  return rows.map((row) => ({
    product_id: row.productId,
    variant_id: row.variantId,
    variant_label: labels.get(row.variantId) ?? '',
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    price: centsToDecimal(row.priceCents),
    available_stock: Number(row.available),
    image: row.image ?? '',
  }));
}
