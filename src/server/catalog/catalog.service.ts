import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToNumber, dollarsToCents } from '#contracts/money';
import {
  DEFAULT_ORDERING, formatOptionFilter, PAGE_SIZE, type Category, type FlashSaleItem, type ProductList, type productListQuery,
} from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { categories, flashSales, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { pageLinks, totalPages } from './page-links.ts';
import { inMarket } from './markets.ts';
import { hasHandlingFlags } from '../lots/lots.service.ts';
import { inStock, listItemsByIds, mainImage } from './product-list-item.ts';
import { categoryNameTranslations } from './category-translations.ts';
import { saleCounts, soldUnits } from '../flash-sales/flash-sale-counts.ts';
import { withSalePrices } from '../pricing/customer-prices.ts';
import { seenPrices } from '../pricing/seen-price.ts';
import { wasCents } from '../pricing/was-price.ts';
import { compactModelNumber, hasOptionValues, variantLabels } from './variants.ts';
import { likePattern } from '../lib/like-pattern.ts';

type ListQuery = z.infer<typeof productListQuery>;

const ORDER_BY: Record<Exclude<ListQuery['ordering'], 'price' | '-price'>, SQL[]> = {
  '-average_rating': [desc(products.averageRating), desc(products.reviewCount), desc(products.id)],
  '-created_at': [desc(products.createdAt), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
};

/** Letters and digits, at least one digit, perhaps with hyphens, spaces, dots or slashes between them: 'SS 12345'. */
const CATALOGUE_NUMBER_LIKE = /^(?=.*\d)[a-z0-9]+(?:[\s\-./]+[a-z0-9]+)*$/i;

// Written without joins so the count query reads products alone.
function filtersOf(query: ListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.isActive, true)];
  if (query.category) {
    conditions.push(sql`${products.categoryId} = (select c.id from categories c where c.slug = ${query.category})`);
  }
  if (query.brand) conditions.push(sql`lower(${products.brand}) = lower(${query.brand})`);
  if (query.certification) {
    conditions.push(sql`exists (select 1 from product_certifications pc join certifications ce on ce.id = pc.certification_id
      where pc.product_id = "products"."id" and lower(ce.code) = lower(${query.certification}))`);
  }
  if (query.market) conditions.push(inMarket(query.market));
  if (query.handling) conditions.push(hasHandlingFlags(query.handling));
  if (query.options) conditions.push(hasOptionValues(query.options));
  if (query.min_price !== undefined) conditions.push(sql`${products.priceCents} >= ${dollarsToCents(query.min_price)}`);
  if (query.max_price !== undefined) conditions.push(lte(products.priceCents, dollarsToCents(query.max_price)));
  if (query.in_stock !== undefined) conditions.push(query.in_stock ? inStock : sql`not ${inStock}`);
  if (query.search) {
    const pattern = likePattern(query.search);
    // A catalogue number typed without its hyphens or with spaces ('ss12345' for SS-12345), as /api/search finds it.
    const compact = sql`regexp_replace(lower(pv.model_number), '[^a-z0-9]', '', 'g') like ${likePattern(compactModelNumber(query.search))}`;
    const modelNumber = CATALOGUE_NUMBER_LIKE.test(query.search)
      ? sql`(pv.model_number ilike ${pattern} or ${compact})`
      : sql`pv.model_number ilike ${pattern}`;
    // Substrings, plus the stemmed words of the weighted full-text document /api/search also reads.
    conditions.push(sql`(${products.name} ilike ${pattern} or ${products.brand} ilike ${pattern}
      or ${products.id} in (select pv.product_id from product_variants pv where ${modelNumber})
      or ${products.categoryId} in (select c.id from categories c where c.name ilike ${pattern})
      or ${products.id} in (select d.product_id from product_search_documents d
        where d.document @@ websearch_to_tsquery('english', ${query.search})))`);
  }
  return and(...conditions);
}

/** The query parameters a page link repeats: those that differ from their defaults. */
function linkParams(query: ListQuery): Record<string, string | undefined> {
  return {
    search: query.search,
    category: query.category,
    brand: query.brand,
    certification: query.certification,
    market: query.market,
    handling: query.handling?.join(','),
    options: query.options && formatOptionFilter(query.options),
    min_price: query.min_price?.toString(),
    max_price: query.max_price?.toString(),
    in_stock: query.in_stock?.toString(),
    ordering: query.ordering === DEFAULT_ORDERING ? undefined : query.ordering,
    page_size: query.page_size === PAGE_SIZE ? undefined : String(query.page_size),
  };
}

/**
 * The ids of one page, in order, read from products alone so skipped rows cost no card; by price, by the price each
 * card shows this viewer (pricing/seen-price.ts).
 */
async function pageIds(db: Db, query: ListQuery, where: SQL | undefined, userId: string | null): Promise<number[]> {
  let rows = db.select({ id: products.id }).from(products).$dynamic();
  let order: SQL[];
  if (query.ordering === 'price' || query.ordering === '-price') {
    const { seen, price } = await seenPrices(db, userId);
    const direction = query.ordering === 'price' ? asc : desc;
    rows = rows.leftJoin(seen, eq(seen.productId, products.id));
    order = [direction(price), direction(products.id)];
  } else {
    order = ORDER_BY[query.ordering];
  }
  const page = await rows.where(where).orderBy(...order).limit(query.page_size).offset((query.page - 1) * query.page_size);
  return page.map((row) => row.id);
}

/** A page of the catalogue; `userId`, a signed-in viewer, only changes the order by price (to their own prices). */
export async function listProducts(db: Db, query: ListQuery, userId: string | null = null): Promise<ProductList> {
  const where = filtersOf(query);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
  const items = await listItemsByIds(db, await pageIds(db, query, where, userId));

  const page = { page: query.page, pageSize: query.page_size, count };
  return {
    results: await withSalePrices(db, items),
    count,
    ...pageLinks('/api/products/', linkParams(query), page),
    page: query.page,
    page_size: query.page_size,
    total_pages: totalPages(page),
  };
}

const productCount = sql<number>`(select count(*)::int from products p
  where p.category_id = "categories"."id" and p.is_active)`;

async function selectCategories(db: Db, where?: SQL): Promise<Category[]> {
  const rows = await db
    .select({ category: categories, productCount })
    .from(categories)
    .where(where)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map(({ category, productCount: count }) => toCategory(category, count));
}

/** A category row as the storefront shows it, with the number of products counted for it. */
export const toCategory = (category: typeof categories.$inferSelect, productCount: number): Category => ({
  id: category.id,
  slug: category.slug,
  name: category.name,
  description: category.description,
  image: category.image,
  product_count: Number(productCount),
  translations: category.translations,
});

export const listCategories = (db: Db) => selectCategories(db);

export async function findCategory(db: Db, key: { id: number } | { slug: string }): Promise<Category | undefined> {
  const [category] = await selectCategories(db, 'id' in key ? eq(categories.id, key.id) : eq(categories.slug, key.slug));
  return category;
}

/**
 * Sales running now, soonest ending first; `productId` narrows them to one product's variants. The counts come from
 * order lines and the allocation (flash-sales/flash-sale-counts.ts); the discount is off the "was" price every page
 * strikes out (pricing/was-price.ts).
 */
export async function listActiveFlashSales(db: Db, now = new Date(), productId?: number): Promise<FlashSaleItem[]> {
  const rows = await db
    .select({
      sale: flashSales,
      variant: productVariants,
      product: products,
      categoryName: categories.name,
      categoryTranslations: categories.translations,
      available: sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)`,
      mainImage,
      sold: soldUnits,
    })
    .from(flashSales)
    .innerJoin(productVariants, eq(productVariants.id, flashSales.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(
      lte(flashSales.startsAt, now), gt(flashSales.endsAt, now), eq(products.isActive, true), eq(productVariants.isActive, true),
      productId === undefined ? undefined : eq(products.id, productId),
    ))
    .orderBy(asc(flashSales.endsAt));
  const labels = await variantLabels(db, rows.map((row) => row.variant.id));
  return rows.map(({ sale, variant, product, categoryName, categoryTranslations, available: stock, mainImage: image, sold }) => {
    // The sale price is below the list price, so there is always a "was".
    const was = wasCents(sale.salePriceCents, variant.priceCents, variant.originalPriceCents)!;
    return {
      id: sale.id,
      productId: product.id,
      variantId: variant.id,
      variantLabel: labels.get(variant.id) ?? '',
      slug: product.slug,
      name: product.name,
      category: categoryName,
      category_translations: categoryNameTranslations(categoryTranslations),
      originalPrice: centsToNumber(was),
      salePrice: centsToNumber(sale.salePriceCents),
      discount: Math.round((1 - sale.salePriceCents / was) * 100),
      image: variant.image ?? image ?? '',
      rating: Number(product.averageRating),
      ...saleCounts(sale, Number(sold), Number(stock)),
      isFlashSale: true as const,
      saleEndTime: sale.endsAt.toISOString(),
    };
  });
}
