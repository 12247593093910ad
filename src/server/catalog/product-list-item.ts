import { eq, inArray, sql } from 'drizzle-orm';
import type { ProductListItem } from '#contracts/catalog';
import type { HandlingFlag } from '#contracts/lots';
import { photoSrcset } from '#contracts/catalog';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { categories, products, type CategoryTranslations } from '../db/schema/catalog.ts';
import { categoryNameTranslations } from './category-translations.ts';
import { handlingFlagsColumn } from '../lots/lots.service.ts';
import { productRestricted } from '../licences/restricted-product.ts';
import { photoWidths } from '../media/product-photos.ts';
import { centsOrNull, wasCents } from '../pricing/was-price.ts';

// Subqueries name their tables explicitly: Drizzle leaves columns unqualified when a select has no join.
/** A product's stock net of reservations: the sum over its active variants (none without inventory rows). */
export const available = sql<number>`(
  select coalesce(sum(ii.current_stock - ii.reserved_stock), 0)::int
  from product_variants pv join inventory_items ii on ii.variant_id = pv.id
  where pv.product_id = "products"."id" and pv.is_active)`;
/** An active variant of the product whose id is `table`.id, with stock to sell. */
const stockToSell = (table: string) => sql`from product_variants pv join inventory_items ii on ii.variant_id = pv.id
  where pv.product_id = ${sql.identifier(table)}."id" and pv.is_active and ii.current_stock > ii.reserved_stock`;
/** The product has stock to sell: `available` > 0, since no variant reserves more than it holds. */
export const inStock = sql<boolean>`exists (select 1 ${stockToSell('products')})`;
/**
 * The same for the product whose id is `table`.id, looked up row by row: for a few rows out of many, where the
 * planner would otherwise gather the stock of the whole catalogue into a hash first.
 */
export const hasStock = (table: string) => sql<boolean>`coalesce((select true ${stockToSell(table)} limit 1), false)`;
export const mainImage = sql<string | null>`(
  select pi.url from product_images pi where pi.product_id = "products"."id" order by pi.position limit 1)`;
/** The first image's id and WebP rendition widths (none for a drawing), for its srcset. */
const mainPhoto = sql<{ id: number; widths: number[] } | null>`(
  select json_build_object('id', "product_images"."id", 'widths', ${photoWidths}) from product_images
  where "product_images"."product_id" = "products"."id" order by "product_images"."position" limit 1)`;
const certificationCodes = sql<string[]>`coalesce((
  select array_agg(ce.code order by pc.position)
  from product_certifications pc join certifications ce on ce.id = pc.certification_id
  where pc.product_id = "products"."id"), '{}')`;

/** Columns of one list item; the query joins categories. */
export const listItemColumns = {
  product: products,
  category: categories.slug,
  categoryName: categories.name,
  categoryTranslations: categories.translations,
  available,
  mainImage,
  mainPhoto,
  certifications: certificationCodes,
  handling: handlingFlagsColumn,
  restricted: productRestricted,
};

export interface ListItemRow {
  product: typeof products.$inferSelect;
  category: string;
  categoryName: string;
  categoryTranslations: CategoryTranslations;
  available: number;
  mainImage: string | null;
  mainPhoto: { id: number; widths: number[] } | null;
  certifications: string[];
  handling: HandlingFlag[];
  /** The product or its category is restricted (licence gating). */
  restricted: boolean;
}

export function toListItem(row: ListItemRow): ProductListItem {
  const stock = Number(row.available);
  return {
    id: row.product.id,
    slug: row.product.slug,
    name: row.product.name,
    description: row.product.description,
    short_description: row.product.shortDescription,
    category: row.category,
    category_name: row.categoryName,
    category_name_translations: categoryNameTranslations(row.categoryTranslations),
    brand: row.product.brand,
    model_number: row.product.modelNumber,
    price: centsToDecimal(row.product.priceCents),
    original_price: centsOrNull(wasCents(row.product.priceCents, row.product.priceCents, row.product.originalPriceCents)),
    price_max: centsToDecimal(row.product.priceMaxCents),
    variant_count: row.product.variantCount,
    stock_quantity: stock,
    is_in_stock: stock > 0,
    main_image: row.mainImage ?? '',
    image_srcset: row.mainPhoto ? photoSrcset(row.mainPhoto.id, row.mainPhoto.widths) : '',
    certifications: row.certifications,
    average_rating: Number(row.product.averageRating),
    review_count: row.product.reviewCount,
    handling: row.handling,
    // A visitor's view, shared by everyone who cannot buy restricted products; licences/viewer-licence.ts adjusts it.
    licence_required: row.restricted,
  };
}

/** List items for these products, in the order of `ids`: each card's lookups run for these products only. */
export async function listItemsByIds(db: Db, ids: number[]): Promise<ProductListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(listItemColumns).from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.product.id, toListItem(row)]));
  return ids.map((id) => byId.get(id)!);
}
