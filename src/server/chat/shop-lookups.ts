import { and, desc, eq } from 'drizzle-orm';
import { productListQuery } from '#contracts/catalog';
import type { ChatOrder, ChatProduct } from '#contracts/chat';
import { listProducts } from '../catalog/catalog.service.ts';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';

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
    image: item.main_image,
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
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    total: row.totalCents / 100,
    ...(row.trackingNumber ? { trackingNumber: row.trackingNumber } : {}),
    estimatedDelivery: row.estimatedDelivery,
  };
}
