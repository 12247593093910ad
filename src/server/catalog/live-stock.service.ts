import { and, asc, eq, sql } from 'drizzle-orm';
import type { LiveStock } from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { listActiveFlashSales } from './catalog.service.ts';

/** A product's slug (active products only, as the shop shows them) or its id (any product, for staff). */
export type ProductKey = string | { productId: number };

/**
 * Live stock of one product: the sums over its active variants, with each variant's own figures. Demand is the units
 * ordered in the last 24 hours, net of cancellations: reserve minus release plus sale movements (a paid checkout is
 * reserve q, release q, sale q, so it counts q once; an abandoned one counts 0; a pending one counts q), never below
 * 0. Conversion is units sold in those hours per detail view of today and yesterday (UTC days of product_views).
 */
export async function findLiveStock(db: Db, key: ProductKey, now = new Date()): Promise<LiveStock | undefined> {
  const since = new Date(now.getTime() - 86_400_000);
  const [product] = await db
    .select({
      productId: products.id,
      updatedAt: products.updatedAt,
      sold: sql<number>`(select coalesce(sum(-sm.quantity), 0)::int from stock_movements sm join product_variants pv on pv.id = sm.variant_id
        where pv.product_id = "products"."id" and sm.kind = 'sale' and sm.created_at > ${since.toISOString()})`,
      held: sql<number>`(select coalesce(sum(sm.quantity), 0)::int from stock_movements sm join product_variants pv on pv.id = sm.variant_id
        where pv.product_id = "products"."id" and sm.kind in ('reserve', 'release') and sm.created_at > ${since.toISOString()})`,
      views: sql<number>`(select coalesce(sum(pv.views), 0)::int from product_views pv
        where pv.product_id = "products"."id" and pv.day >= (${now.toISOString()}::timestamptz at time zone 'utc')::date - 1)`,
    })
    .from(products)
    .where(typeof key === 'string' ? and(eq(products.slug, key), eq(products.isActive, true)) : eq(products.id, key.productId));
  if (!product) return undefined;
  const variants = await db.select({
    variantId: productVariants.id,
    currentStock: sql<number>`coalesce(${inventoryItems.currentStock}, 0)`,
    reservedStock: sql<number>`coalesce(${inventoryItems.reservedStock}, 0)`,
    lowStockThreshold: sql<number>`coalesce(${inventoryItems.lowStockThreshold}, 0)`,
    updatedAt: inventoryItems.updatedAt,
  }).from(productVariants)
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(eq(productVariants.productId, product.productId), eq(productVariants.isActive, true)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  // A sale whose allocation is used up still shows (as Sold Out) until its window ends, but prices nothing.
  const sale = (await listActiveFlashSales(db, now, product.productId)).find((item) => item.availableStock > 0);
  const perVariant = variants.map((row) => {
    const currentStock = Number(row.currentStock);
    const reservedStock = Number(row.reservedStock);
    return { variantId: row.variantId, currentStock, reservedStock, availableStock: Math.max(0, currentStock - reservedStock) };
  });
  const total = (field: 'currentStock' | 'reservedStock' | 'availableStock') => perVariant.reduce((sum, row) => sum + row[field], 0);
  const lastUpdated = Math.max(product.updatedAt.getTime(), ...variants.map((row) => (row.updatedAt ? new Date(row.updatedAt).getTime() : 0)));
  const sold = Number(product.sold);
  const views = Number(product.views);
  return {
    productId: product.productId,
    currentStock: total('currentStock'),
    availableStock: total('availableStock'),
    reservedStock: total('reservedStock'),
    lowStockThreshold: variants.reduce((sum, row) => sum + Number(row.lowStockThreshold), 0),
    isFlashSale: sale !== undefined,
    flashSaleEndTime: sale?.saleEndTime ?? null,
    lastUpdated: new Date(lastUpdated).toISOString(),
    totalDemand: Math.max(0, sold + Number(product.held)),
    conversionRate: views === 0 ? 0 : Math.round((sold / views) * 10_000) / 10_000,
    variants: perVariant,
  };
}
