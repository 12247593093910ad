import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { productListQuery } from '#contracts/catalog';
import type { ChatOrder, ChatProduct } from '#contracts/chat';
import { centsToNumber, dollarsToCents } from '#contracts/money';
import { listProducts } from '../catalog/catalog.service.ts';
import { categoryNameTranslations } from '../catalog/category-translations.ts';
import type { Db } from '../db/client.ts';
import { categories, productImages, products } from '../db/schema/catalog.ts';
import { orders } from '../db/schema/orders.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { shipments } from '../db/schema/shipments.ts';

export const PRODUCTS_PER_ANSWER = 4;

export interface ProductLookup {
  search?: string;
  /** A category slug. */
  category?: string;
  maxPrice?: number;
  limit?: number;
}

/** Active products from the catalogue, best rated first, in the chat's shape. */
export async function findProducts(db: Db, lookup: ProductLookup): Promise<ChatProduct[]> {
  const query = productListQuery.parse({
    search: lookup.search?.slice(0, 200),
    category: lookup.category,
    max_price: lookup.maxPrice,
    ordering: '-average_rating',
    page_size: lookup.limit ?? PRODUCTS_PER_ANSWER,
  });
  const { results } = await listProducts(db, query);
  return results.map((item) => ({
    id: item.id,
    slug: item.slug,
    name: item.name,
    price: Number(item.price),
    category: item.category_name,
    category_translations: item.category_name_translations,
    image: item.main_image,
  }));
}

/** Products of these instrument types or categories (either matches). */
export interface ProductGroup { types?: string[]; categories?: string[] }

/**
 * Active products in every one of the groups (an instrument family, a specialty, microsurgery), whose names hold
 * every one of the words, at most `maxPrice`; best rated first.
 */
export async function findProductsInAll(db: Db, lookup: { groups: ProductGroup[]; nameWords: string[]; maxPrice?: number }): Promise<ChatProduct[]> {
  const conditions = [eq(products.isActive, true)];
  for (const group of lookup.groups) {
    conditions.push(or(
      group.types?.length ? inArray(products.instrumentType, group.types) : undefined,
      group.categories?.length ? inArray(categories.slug, group.categories) : undefined,
    )!);
  }
  // The words are letters, digits and hyphens (see the assistant's searchTerms): nothing to escape.
  for (const word of lookup.nameWords) conditions.push(ilike(products.name, `%${word}%`));
  if (lookup.maxPrice !== undefined) conditions.push(lte(products.priceCents, dollarsToCents(lookup.maxPrice)));
  const rows = await db.select({
    id: products.id, slug: products.slug, name: products.name, priceCents: products.priceCents, category: categories.name,
    categoryTranslations: categories.translations,
    image: sql<string | null>`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id}
      order by ${productImages.position} limit 1)`,
  }).from(products).innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...conditions))
    .orderBy(desc(products.averageRating), asc(products.priceCents), asc(products.id))
    .limit(PRODUCTS_PER_ANSWER);
  return rows.map((row) => ({
    id: row.id, slug: row.slug, name: row.name, price: centsToNumber(row.priceCents), category: row.category,
    category_translations: categoryNameTranslations(row.categoryTranslations), image: row.image ?? '',
  }));
}

/**
 * One of the user's own orders: by order number, else the latest. Only the user's own, staff included, so the chat
 * never shows someone else's order.
 */
export async function findOwnOrder(db: Db, userId: string, orderNumber?: string): Promise<ChatOrder | null> {
  const [row] = await db.select().from(orders)
    .where(and(eq(orders.userId, userId), orderNumber ? eq(orders.orderNumber, orderNumber.toUpperCase()) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
  if (!row) return null;
  const parcels = await db.select({ trackingNumber: shipments.trackingNumber }).from(shipments)
    .where(and(eq(shipments.orderId, row.id), ne(shipments.status, 'cancelled'))).orderBy(asc(shipments.createdAt));
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    total: centsToNumber(row.totalCents),
    ...(parcels.length > 0 ? { trackingNumber: parcels.map((parcel) => parcel.trackingNumber).join(', ') } : {}),
    estimatedDelivery: row.estimatedDelivery,
  };
}

/**
 * The active product behind a storefront path such as /products/<slug>, for "how much is this?": `price` is its
 * cheapest active variant's, `priceMax` its dearest's.
 */
export async function findViewedProduct(
  db: Db, page: string | undefined,
): Promise<(ChatProduct & { categorySlug: string; priceMax: number }) | null> {
  const slug = page ? /^\/products\/([^/?#]+)/.exec(page)?.[1] : undefined;
  if (!slug) return null;
  const [row] = await db.select({
    id: products.id, slug: products.slug, name: products.name, priceCents: products.priceCents, priceMaxCents: products.priceMaxCents,
    category: categories.name, categoryTranslations: categories.translations, categorySlug: categories.slug,
    image: sql<string | null>`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id}
      order by ${productImages.position} limit 1)`,
  }).from(products).innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.slug, decodeURIComponent(slug)), eq(products.isActive, true)));
  if (!row) return null;
  return {
    id: row.id, slug: row.slug, name: row.name, price: centsToNumber(row.priceCents), category: row.category,
    category_translations: categoryNameTranslations(row.categoryTranslations), image: row.image ?? '', categorySlug: row.categorySlug,
    priceMax: centsToNumber(row.priceMaxCents),
  };
}

const dollars = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(centsToNumber(cents));

/** The promo codes a customer can use today, in words, from the promo table (never a code that is not there). */
export async function describeActivePromos(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db.select().from(promoCodes).where(and(
    eq(promoCodes.active, true),
    or(isNull(promoCodes.startsAt), lte(promoCodes.startsAt, now)),
    or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)),
    or(isNull(promoCodes.maxUses), gt(promoCodes.maxUses, promoCodes.uses)),
  )).orderBy(asc(promoCodes.code));
  return rows.map((row) => {
    const parts = [`${row.code}: ${row.kind === 'percent' ? `${row.value / 100}% off` : `${dollars(row.value)} off`}`];
    if (row.minSubtotalCents > 0) parts.push(`on orders of ${dollars(row.minSubtotalCents)} or more`);
    if (row.perUserLimit === 1) parts.push('once per customer');
    if (row.expiresAt) {
      parts.push(`until ${row.expiresAt.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}`);
    }
    return parts.join(', ');
  });
}
