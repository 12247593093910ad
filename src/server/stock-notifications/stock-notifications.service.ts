import { and, eq, isNull, sql } from 'drizzle-orm';
import { subscribeStockNotification, type StockNotification } from '#contracts/stock-notifications';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { stockNotifications } from '../db/schema/stock-notifications.ts';
import { users } from '../db/schema/users.ts';
import { apiError, notFound } from '../lib/errors.ts';
import type { Mailer } from '../lib/mailer.ts';
import { backInStockMail } from './back-in-stock-mail.ts';

const availableNow = sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)::int`;

async function productStock(db: Db, productId: number) {
  const [row] = await db.select({ id: products.id, available: availableNow }).from(products)
    .leftJoin(inventoryItems, eq(inventoryItems.productId, products.id))
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!row) throw notFound('Product not found.');
  return { available: Number(row.available) };
}

export async function subscriptionStatus(db: Db, userId: string, productId: number): Promise<StockNotification> {
  await productStock(db, productId);
  const [row] = await db.select({ id: stockNotifications.id }).from(stockNotifications)
    .where(and(eq(stockNotifications.userId, userId), eq(stockNotifications.productId, productId), isNull(stockNotifications.notifiedAt)));
  return { product_id: productId, subscribed: Boolean(row) };
}

/** Waits for the product; subscribing again after a notification waits for the next restock. */
export async function subscribe(db: Db, userId: string, productId: number): Promise<StockNotification> {
  const { available } = await productStock(db, productId);
  if (available > 0) throw apiError(subscribeStockNotification, 'IN_STOCK', 400, 'This product is in stock.');
  await db.insert(stockNotifications).values({ userId, productId })
    .onConflictDoUpdate({
      target: [stockNotifications.userId, stockNotifications.productId],
      set: { notifiedAt: null },
    });
  return { product_id: productId, subscribed: true };
}

export async function unsubscribe(db: Db, userId: string, productId: number): Promise<StockNotification> {
  await productStock(db, productId);
  await db.delete(stockNotifications).where(and(eq(stockNotifications.userId, userId), eq(stockNotifications.productId, productId)));
  return { product_id: productId, subscribed: false };
}

export interface NotifyOptions {
  /** The shop's address for the product link; relative links without it. */
  publicUrl?: string;
  now?: Date;
}

/**
 * Mails everyone waiting for the product, once each, if it is on sale now. Call it whenever stock may have gone
 * from none to some (a delivery received, a reservation released). Each subscription is claimed before its
 * message is sent, so concurrent calls never mail twice; a failed send gives the claim back. Answers how many were mailed.
 */
export async function notifyBackInStock(db: Db, mailer: Mailer, productId: number, options: NotifyOptions = {}): Promise<number> {
  const [product] = await db.select({ name: products.name, slug: products.slug, available: availableNow }).from(products)
    .leftJoin(inventoryItems, eq(inventoryItems.productId, products.id))
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product || Number(product.available) <= 0) return 0;
  const waiting = await db.select({ id: stockNotifications.id, email: users.email, firstName: users.firstName })
    .from(stockNotifications).innerJoin(users, eq(users.id, stockNotifications.userId))
    .where(and(eq(stockNotifications.productId, productId), isNull(stockNotifications.notifiedAt)));
  const link = `${options.publicUrl ?? ''}/products/${product.slug}`;
  let mailed = 0;
  for (const subscriber of waiting) {
    const [claimed] = await db.update(stockNotifications).set({ notifiedAt: options.now ?? new Date() })
      .where(and(eq(stockNotifications.id, subscriber.id), isNull(stockNotifications.notifiedAt)))
      .returning({ id: stockNotifications.id });
    if (!claimed) continue;
    try {
      await mailer.send(backInStockMail(subscriber, product.name, link));
      mailed++;
    } catch (error) {
      await db.update(stockNotifications).set({ notifiedAt: null }).where(eq(stockNotifications.id, subscriber.id));
      throw error;
    }
  }
  return mailed;
}
