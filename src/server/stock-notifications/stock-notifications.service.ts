import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { subscribeStockNotification, type StockNotification } from '#contracts/stock-notifications';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { stockNotifications } from '../db/schema/stock-notifications.ts';
import { users } from '../db/schema/users.ts';
import { resolveVariant, variantLabels, type VariantRow } from '../catalog/variants.ts';
import { apiError, notFound } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { backInStockMail } from './back-in-stock-mail.ts';

const PRODUCT_NOT_FOUND = 'Product not found.';
const availableNow = sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)::int`;

async function assertActiveProduct(db: Db, productId: number): Promise<void> {
  const [row] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
}

/** The variant named (or the only one of a plain product) of an active product; 400 for another product's variant. */
async function variantOf(db: Db, productId: number, variantId: number | undefined): Promise<VariantRow> {
  await assertActiveProduct(db, productId);
  const variant = await resolveVariant(db, productId, variantId);
  if (!variant) throw notFound(PRODUCT_NOT_FOUND);
  return variant;
}

/** The named variant's id, or all of the product's when none is named. */
async function variantIdsMeant(db: Db, productId: number, variantId: number | undefined): Promise<number[]> {
  if (variantId !== undefined) return [(await variantOf(db, productId, variantId)).id];
  await assertActiveProduct(db, productId);
  const rows = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
  return rows.map((row) => row.id);
}

export async function subscriptionStatus(db: Db, userId: string, productId: number, variantId?: number): Promise<StockNotification> {
  const variantIds = await variantIdsMeant(db, productId, variantId);
  const [row] = await db.select({ id: stockNotifications.id }).from(stockNotifications).where(and(
    eq(stockNotifications.userId, userId), inArray(stockNotifications.variantId, variantIds), isNull(stockNotifications.notifiedAt),
  )).limit(1);
  return { product_id: productId, variant_id: variantId ?? null, subscribed: Boolean(row) };
}

/** Waits for the variant; subscribing again after a notification waits for the next restock. */
export async function subscribe(db: Db, userId: string, productId: number, variantId?: number): Promise<StockNotification> {
  const variant = await variantOf(db, productId, variantId);
  const [stock] = await db.select({ available: availableNow }).from(inventoryItems).where(eq(inventoryItems.variantId, variant.id));
  if (Number(stock?.available ?? 0) > 0) throw apiError(subscribeStockNotification, 'IN_STOCK', 400, 'This product is in stock.');
  await db.insert(stockNotifications).values({ userId, variantId: variant.id })
    .onConflictDoUpdate({
      target: [stockNotifications.userId, stockNotifications.variantId],
      set: { notifiedAt: null },
    });
  return { product_id: productId, variant_id: variant.id, subscribed: true };
}

export async function unsubscribe(db: Db, userId: string, productId: number, variantId?: number): Promise<StockNotification> {
  const variantIds = await variantIdsMeant(db, productId, variantId);
  await db.delete(stockNotifications).where(and(eq(stockNotifications.userId, userId), inArray(stockNotifications.variantId, variantIds)));
  return { product_id: productId, variant_id: variantId ?? null, subscribed: false };
}

export interface NotifyOptions {
  /** The shop's address for the product link; relative links without it. */
  publicUrl?: string;
  now?: Date;
}

/**
 * Mails everyone waiting for the variant, once each, if it is on sale now. Call it whenever the variant's stock may
 * have gone from none to some (a delivery received, a reservation released). Each subscription is claimed before its
 * message is sent, so concurrent calls never mail twice; a failed send gives the claim back. Answers how many were mailed.
 */
export async function notifyBackInStock(db: Db, variantId: number, options: NotifyOptions = {}): Promise<number> {
  const [variant] = await db.select({ name: products.name, slug: products.slug, available: availableNow }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(eq(productVariants.id, variantId), eq(productVariants.isActive, true), eq(products.isActive, true)));
  if (!variant || Number(variant.available) <= 0) return 0;
  const waiting = await db.select({ id: stockNotifications.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(stockNotifications).innerJoin(users, eq(users.id, stockNotifications.userId))
    .where(and(eq(stockNotifications.variantId, variantId), isNull(stockNotifications.notifiedAt)));
  if (waiting.length === 0) return 0;
  const label = (await variantLabels(db, [variantId])).get(variantId);
  const name = label ? `${variant.name} (${label})` : variant.name;
  const link = `${options.publicUrl ?? ''}/products/${variant.slug}`;
  let mailed = 0;
  for (const subscriber of waiting) {
    // The claim and the mail are written together: the outbox sends it, so a mail server down loses nothing.
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx.update(stockNotifications).set({ notifiedAt: options.now ?? new Date() })
        .where(and(eq(stockNotifications.id, subscriber.id), isNull(stockNotifications.notifiedAt)))
        .returning({ id: stockNotifications.id });
      if (row) await enqueueMail(tx, { kind: 'back_in_stock', ...backInStockMail(subscriber, name, link) });
      return row;
    });
    if (claimed) mailed++;
  }
  return mailed;
}
