import { and, asc, desc, eq, inArray, lte, ne, notInArray, sql } from 'drizzle-orm';
import {
  BOUGHT_TOGETHER_LIMIT, photoSrcset, RELATED_PRODUCTS_LIMIT, type ProductDetail, type ProductListItem,
} from '#contracts/catalog';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import {
  categories, productFeatures, productImages, productSpecifications, products,
} from '../db/schema/catalog.ts';
import { listActiveFlashSales } from './catalog.service.ts';
import { assembleKit } from './procedure-kit.ts';
import { productDocumentsOf } from '../documents/document-versions.ts';
import { photoWidths } from '../media/product-photos.ts';
import { hasStock, inStock, listItemColumns, listItemsByIds, toListItem } from './product-list-item.ts';
import { productVariantsOf, variantsAtPrices } from './variant-detail.ts';
import { withSalePrices } from '../pricing/customer-prices.ts';

type ProductRow = typeof products.$inferSelect;

const listItems = (db: Db) => db
  .select(listItemColumns)
  .from(products)
  .innerJoin(categories, eq(categories.id, products.categoryId));

/** Candidates are read this deep in their order before their stock is looked up; enough in stock settle the answer. */
const RELATED_WINDOW = 4 * RELATED_PRODUCTS_LIMIT;
const KIT_WINDOW = 4;

/** Same category: the same instrument type first, then in stock first, then closest in price. */
async function relatedProducts(db: Db, product: ProductRow): Promise<ProductListItem[]> {
  const candidates = and(eq(products.categoryId, product.categoryId), ne(products.id, product.id), eq(products.isActive, true));
  const sameType = sql<boolean>`${products.instrumentType} = ${product.instrumentType}`;
  const distance = sql<number>`abs(${products.priceCents} - ${product.priceCents})`;
  const nearest = db.select({ id: products.id, sameType: sameType.as('same_type'), distance: distance.as('distance') })
    .from(products).where(candidates)
    .orderBy(desc(sameType), distance, asc(products.id))
    .limit(RELATED_WINDOW)
    .as('nearest');
  const window = await db.select({ id: nearest.id, sameType: nearest.sameType, inStock: hasStock('nearest') })
    .from(nearest)
    .orderBy(desc(nearest.sameType), asc(nearest.distance), asc(nearest.id));
  // The nearest of its type in stock come first whatever the rest hold.
  const settled = window.filter((row) => row.sameType && row.inStock).slice(0, RELATED_PRODUCTS_LIMIT);
  if (settled.length === RELATED_PRODUCTS_LIMIT) return listItemsByIds(db, settled.map((row) => row.id));
  const chosen = await db
    .select({ id: products.id })
    .from(products)
    .where(candidates)
    .orderBy(desc(sameType), desc(inStock), distance, asc(products.id))
    .limit(RELATED_PRODUCTS_LIMIT);
  return listItemsByIds(db, chosen.map((row) => row.id));
}

/**
 * The procedure kit: in stock, same category, one product of each complementary instrument family
 * (same brand first, then best rated, then cheapest), leaving out products already chosen.
 */
async function procedureKit(db: Db, product: ProductRow, exclude: number[], limit: number): Promise<number[]> {
  const candidates = (types?: string[]) => and(
    eq(products.categoryId, product.categoryId),
    types ? inArray(products.instrumentType, types) : ne(products.instrumentType, product.instrumentType),
    eq(products.isActive, true),
    exclude.length ? notInArray(products.id, exclude) : undefined,
  );
  const preference = [
    desc(sql`${products.brand} = ${product.brand}`), desc(products.averageRating), asc(products.priceCents), asc(products.id),
  ];
  // The few preferred of each type first, stock looked up for those alone.
  const ranked = db.select({
    id: products.id,
    instrumentType: products.instrumentType,
    rank: sql<number>`row_number() over (partition by ${products.instrumentType} order by ${sql.join(preference, sql`, `)})`.as('rank'),
  }).from(products).where(candidates()).as('ranked');
  const window = await db.select({ id: ranked.id, instrumentType: ranked.instrumentType, inStock: hasStock('ranked') })
    .from(ranked)
    .where(lte(ranked.rank, KIT_WINDOW))
    .orderBy(asc(ranked.instrumentType), asc(ranked.rank));
  const types = [...new Set(window.map((row) => row.instrumentType))];
  const chosen = new Map<string, number>();
  for (const row of window) if (row.inStock && !chosen.has(row.instrumentType)) chosen.set(row.instrumentType, row.id);
  // A type whose preferred few are all sold out: its best in stock, if any.
  const unsettled = types.filter((type) => !chosen.has(type) && window.filter((row) => row.instrumentType === type).length === KIT_WINDOW);
  if (unsettled.length) {
    const rest = await db
      .selectDistinctOn([products.instrumentType], { id: products.id, instrumentType: products.instrumentType })
      .from(products)
      .where(and(candidates(unsettled), inStock))
      .orderBy(asc(products.instrumentType), ...preference);
    for (const row of rest) chosen.set(row.instrumentType, row.id);
  }
  const byType = types.filter((type) => chosen.has(type)).map((type) => ({ id: chosen.get(type)!, instrumentType: type }));
  return assembleKit(product.instrumentType, byType, limit).map((row) => row.id);
}

/** In-stock products that paid orders most often had alongside this one. */
async function boughtInSameOrders(db: Db, productId: number): Promise<number[]> {
  const mine = alias(orderItems, 'mine');
  const other = alias(orderItems, 'other');
  const ordersTogether = sql<number>`count(distinct ${other.orderId})`;
  const rows = await db
    .select({ productId: sql<number>`${other.productId}`, ordersTogether })
    .from(mine)
    .innerJoin(orders, and(eq(orders.id, mine.orderId), eq(orders.paymentStatus, 'paid')))
    .innerJoin(other, and(eq(other.orderId, mine.orderId), ne(other.productId, productId)))
    .innerJoin(products, and(eq(products.id, other.productId), eq(products.isActive, true), inStock))
    .where(eq(mine.productId, productId))
    .groupBy(other.productId)
    .orderBy(desc(ordersTogether), asc(other.productId))
    .limit(BOUGHT_TOGETHER_LIMIT);
  return rows.map((row) => Number(row.productId));
}

/** Products bought with this one in real orders, topped up from its procedure kit. */
async function frequentlyBoughtTogether(db: Db, product: ProductRow): Promise<ProductListItem[]> {
  const fromOrders = await boughtInSameOrders(db, product.id);
  const kit = fromOrders.length < BOUGHT_TOGETHER_LIMIT
    ? await procedureKit(db, product, fromOrders, BOUGHT_TOGETHER_LIMIT - fromOrders.length)
    : [];
  return listItemsByIds(db, [...fromOrders, ...kit]);
}

/** The product on sale under `slug` as a visitor sees it, and the id of its category. */
export async function findProductDetail(
  db: Db, slug: string, now = new Date(),
): Promise<{ detail: ProductDetail; categoryId: number } | undefined> {
  const [row] = await listItems(db)
    .where(and(eq(products.slug, slug), eq(products.isActive, true)));
  if (!row) return undefined;
  const { product } = row;
  const [images, features, specifications, docs, related, boughtTogether, sales, { options, variants }] = await Promise.all([
    db.select({ image: productImages, widths: photoWidths }).from(productImages)
      .where(eq(productImages.productId, product.id)).orderBy(asc(productImages.position)),
    db.select({ text: productFeatures.text }).from(productFeatures)
      .where(eq(productFeatures.productId, product.id)).orderBy(asc(productFeatures.position)),
    db.select({ key: productSpecifications.key, value: productSpecifications.value }).from(productSpecifications)
      .where(eq(productSpecifications.productId, product.id)).orderBy(asc(productSpecifications.position)),
    productDocumentsOf(db, product.id, now),
    relatedProducts(db, product),
    frequentlyBoughtTogether(db, product),
    listActiveFlashSales(db, now, product.id),
    productVariantsOf(db, product, now),
  ]);
  // One unit at the price everyone pays now (a running flash sale), for the product and its recommendations alike.
  const priced = await withSalePrices(db, [toListItem(row), ...related, ...boughtTogether]);
  const item = priced[0];
  const detail: ProductDetail = {
    ...item,
    instrument_type: product.instrumentType,
    meta_title: product.metaTitle,
    meta_description: product.metaDescription,
    low_stock_threshold: variants.reduce((sum, variant) => sum + variant.low_stock_threshold, 0),
    images: images.map(({ image, widths }) => ({
      id: image.id, image_url: image.url, alt: image.alt, srcset: photoSrcset(image.id, widths), width: image.width, height: image.height,
    })),
    features: features.map((feature) => feature.text),
    specifications: Object.fromEntries(specifications.map((spec) => [spec.key, spec.value])),
    unspsc: product.unspsc,
    documents: docs,
    related_products: priced.slice(1, 1 + related.length),
    frequently_bought_together: priced.slice(1 + related.length),
    flash_sale: sales[0] ?? null,
    price_tiers: variants[0]?.price_tiers ?? [],
    options,
    variants: await variantsAtPrices(db, null, variants),
  };
  return { detail, categoryId: product.categoryId };
}
