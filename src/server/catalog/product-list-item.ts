import { sql } from 'drizzle-orm';
import type { ProductListItem } from '#contracts/catalog';
import type { HandlingFlag } from '#contracts/lots';
import { centsToDecimal } from '#contracts/money';
import { categories, products, type CategoryTranslations } from '../db/schema/catalog.ts';
import { categoryNameTranslations } from './category-translations.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { handlingFlagsColumn } from '../lots/lots.service.ts';

/** Stock net of reservations; products without an inventory row have none. */
export const available = sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)`;
// Subqueries name their tables explicitly: Drizzle leaves columns unqualified when a select has no join.
export const mainImage = sql<string | null>`(
  select pi.url from product_images pi where pi.product_id = "products"."id" order by pi.position limit 1)`;
const certificationCodes = sql<string[]>`coalesce((
  select array_agg(ce.code order by pc.position)
  from product_certifications pc join certifications ce on ce.id = pc.certification_id
  where pc.product_id = "products"."id"), '{}')`;

/** Columns of one list item; the query joins categories and left-joins inventory_items. */
export const listItemColumns = {
  product: products,
  category: categories.slug,
  categoryName: categories.name,
  categoryTranslations: categories.translations,
  available,
  mainImage,
  certifications: certificationCodes,
  handling: handlingFlagsColumn,
  restricted: categories.restricted,
};

export interface ListItemRow {
  product: typeof products.$inferSelect;
  category: string;
  categoryName: string;
  categoryTranslations: CategoryTranslations;
  available: number;
  mainImage: string | null;
  certifications: string[];
  handling: HandlingFlag[];
  /** The category is restricted (licence gating). */
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
    original_price: row.product.originalPriceCents === null ? null : centsToDecimal(row.product.originalPriceCents),
    stock_quantity: stock,
    is_in_stock: stock > 0,
    main_image: row.mainImage ?? '',
    certifications: row.certifications,
    average_rating: Number(row.product.averageRating),
    review_count: row.product.reviewCount,
    handling: row.handling,
    // A visitor's view, shared by everyone who cannot buy restricted products; licences/viewer-licence.ts adjusts it.
    licence_required: row.restricted,
  };
}
