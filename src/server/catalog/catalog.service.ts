import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PAGE_SIZE, type Category, type FlashSaleItem, type ProductListItem, type productListQuery } from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { categories, flashSales, products } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { centsToDecimal, centsToNumber, dollarsToCents } from '../lib/money.ts';

type ProductListQuery = z.infer<typeof productListQuery>;

const available = sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)`;
// Subqueries name their tables explicitly: Drizzle leaves columns unqualified when a select has no join.
const mainImage = sql<string | null>`(
  select pi.url from product_images pi where pi.product_id = "products"."id" order by pi.position limit 1)`;
const certificationCodes = sql<string[]>`coalesce((
  select array_agg(ce.code order by pc.position)
  from product_certifications pc join certifications ce on ce.id = pc.certification_id
  where pc.product_id = "products"."id"), '{}')`;

const ORDER_BY: Record<ProductListQuery['ordering'], SQL[]> = {
  price: [asc(products.priceCents), asc(products.id)],
  '-price': [desc(products.priceCents), desc(products.id)],
  '-average_rating': [desc(products.averageRating), desc(products.reviewCount), desc(products.id)],
  '-created_at': [desc(products.createdAt), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
};

function filtersOf(query: ProductListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.isActive, true)];
  if (query.category) conditions.push(eq(categories.slug, query.category));
  if (query.brand) conditions.push(sql`lower(${products.brand}) = lower(${query.brand})`);
  if (query.certification) {
    conditions.push(sql`exists (select 1 from product_certifications pc join certifications ce on ce.id = pc.certification_id
      where pc.product_id = "products"."id" and lower(ce.code) = lower(${query.certification}))`);
  }
  if (query.min_price !== undefined) conditions.push(sql`${products.priceCents} >= ${dollarsToCents(query.min_price)}`);
  if (query.max_price !== undefined) conditions.push(lte(products.priceCents, dollarsToCents(query.max_price)));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${products.name} ilike ${pattern} or ${products.brand} ilike ${pattern}
      or ${products.modelNumber} ilike ${pattern} or ${categories.name} ilike ${pattern})`);
  }
  return and(...conditions);
}

export async function listProducts(db: Db, query: ProductListQuery) {
  const where = filtersOf(query);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where);
  const rows = await db
    .select({
      product: products,
      category: categories.slug,
      categoryName: categories.name,
      available,
      mainImage,
      certifications: certificationCodes,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.productId, products.id))
    .where(where)
    .orderBy(...ORDER_BY[query.ordering])
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);

  const results: ProductListItem[] = rows.map((row) => ({
    id: row.product.id,
    slug: row.product.slug,
    name: row.product.name,
    description: row.product.description,
    short_description: row.product.shortDescription,
    category: row.category,
    category_name: row.categoryName,
    brand: row.product.brand,
    model_number: row.product.modelNumber,
    price: centsToDecimal(row.product.priceCents),
    original_price: row.product.originalPriceCents === null ? null : centsToDecimal(row.product.originalPriceCents),
    stock_quantity: Number(row.available),
    is_in_stock: Number(row.available) > 0,
    main_image: row.mainImage ?? '',
    certifications: row.certifications,
    average_rating: Number(row.product.averageRating),
    review_count: row.product.reviewCount,
  }));
  return { results, count, page: query.page, page_size: PAGE_SIZE, total_pages: Math.max(1, Math.ceil(count / PAGE_SIZE)) };
}

export async function listCategories(db: Db): Promise<Category[]> {
  const productCount = sql<number>`(select count(*)::int from products p
    where p.category_id = "categories"."id" and p.is_active)`;
  const rows = await db
    .select({ category: categories, productCount })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map(({ category, productCount: count }) => ({
    id: category.id,
    slug: category.slug,
    name: category.name,
    description: category.description,
    image: category.image,
    product_count: Number(count),
  }));
}

/** Sales running now, soonest ending first. */
export async function listActiveFlashSales(db: Db, now = new Date()): Promise<FlashSaleItem[]> {
  const rows = await db
    .select({
      sale: flashSales,
      product: products,
      categoryName: categories.name,
      available,
      mainImage,
    })
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.productId, products.id))
    .where(and(lte(flashSales.startsAt, now), gt(flashSales.endsAt, now), eq(products.isActive, true)))
    .orderBy(asc(flashSales.endsAt));
  return rows.map(({ sale, product, categoryName, available: stock, mainImage: image }) => {
    const original = product.originalPriceCents ?? product.priceCents;
    return {
      id: sale.id,
      productId: product.id,
      slug: product.slug,
      name: product.name,
      category: categoryName,
      originalPrice: centsToNumber(original),
      salePrice: centsToNumber(sale.salePriceCents),
      discount: Math.round((1 - sale.salePriceCents / original) * 100),
      image: image ?? '',
      rating: Number(product.averageRating),
      totalStock: sale.totalStock,
      soldCount: sale.soldCount,
      availableStock: Math.max(0, Math.min(sale.totalStock - sale.soldCount, Number(stock))),
      isFlashSale: true as const,
      saleEndTime: sale.endsAt.toISOString(),
    };
  });
}
