import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
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
 * The one rule for "back in stock": a variant on sale whose available stock (on hand less reserved: units held for a
 * checkout are not for sale) is above zero while someone is still waiting for it. Subscribing is refused while it is
 * above zero, so a waiting subscription means it went from none to some since that person asked, however it came
 * back (a delivery, a count, a cancelled or declined order, an import); and one whose change was missed is mailed at
 * the next look. Mails each of them once: each subscription is claimed together with its message in the outbox (which
 * retries a mail server that is down), so concurrent calls, in this process or another, never mail twice. Answers
 * how many were mailed.
 */
export async function mailBackInStock(db: Db, variantIds?: number[], options: NotifyOptions = {}): Promise<number> {
  if (variantIds?.length === 0) return 0;
  const waiting = await db.select({
    id: stockNotifications.id, variantId: stockNotifications.variantId,
    email: users.email, firstName: users.firstName, language: users.language, name: products.name, slug: products.slug,
  }).from(stockNotifications)
    .innerJoin(users, eq(users.id, stockNotifications.userId))
    .innerJoin(productVariants, eq(productVariants.id, stockNotifications.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(inventoryItems, eq(inventoryItems.variantId, stockNotifications.variantId))
    .where(and(
      variantIds ? inArray(stockNotifications.variantId, variantIds) : undefined,
      isNull(stockNotifications.notifiedAt),
      eq(productVariants.isActive, true), eq(products.isActive, true),
      sql`${availableNow} > 0`,
    ))
    .orderBy(asc(stockNotifications.id));
  if (waiting.length === 0) return 0;
  const labels = await variantLabels(db, waiting.map((row) => row.variantId));
  let mailed = 0;
  for (const subscriber of waiting) {
    const label = labels.get(subscriber.variantId);
    const name = label ? `${subscriber.name} (${label})` : subscriber.name;
    const link = `${options.publicUrl ?? ''}/products/${subscriber.slug}`;
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
