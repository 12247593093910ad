import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { WishlistItem, WishlistShare } from '#contracts/wishlist';
import { centsToNumber, dollarsToCents } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { categories, productImages, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { users } from '../db/schema/users.ts';
import { wishlistItems, wishlistShares } from '../db/schema/wishlist.ts';
import { notFound } from '../lib/errors.ts';
import { categoryNameTranslations } from '../catalog/category-translations.ts';
import { defaultVariant, resolveVariant, variantLabels } from '../catalog/variants.ts';
import { oneUnitVariantPrices } from '../pricing/customer-prices.ts';
import { wasCents } from '../pricing/was-price.ts';

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const SHARED_NOT_FOUND = 'Shared wishlist not found.';

const mainImage = sql<string | null>`(select ${productImages.url} from ${productImages}
  where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`;
const numberOrNull = (cents: number | null) => (cents === null ? null : centsToNumber(cents));

const available = sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)::int`;

async function readItems(db: Db, where: SQL | undefined): Promise<WishlistItem[]> {
  const rows = await db.select({
    id: wishlistItems.id,
    productId: products.id,
    variantId: productVariants.id,
    slug: products.slug,
    name: products.name,
    priceCents: productVariants.priceCents,
    originalPriceCents: productVariants.originalPriceCents,
    image: mainImage,
    category: categories.name,
    categoryTranslations: categories.translations,
    rating: products.averageRating,
    available,
    addedAt: wishlistItems.createdAt,
  }).from(wishlistItems)
    .innerJoin(productVariants, eq(productVariants.id, wishlistItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(where, eq(products.isActive, true), eq(productVariants.isActive, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  const labels = await variantLabels(db, rows.map((row) => row.variantId));
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    variant_id: row.variantId,
    variant_label: labels.get(row.variantId) ?? '',
    slug: row.slug,
    name: row.name,
    price: centsToNumber(row.priceCents),
    originalPrice: numberOrNull(wasCents(row.priceCents, row.priceCents, row.originalPriceCents)),
    image: row.image ?? '',
    category: row.category,
    category_translations: categoryNameTranslations(row.categoryTranslations),
    rating: Number(row.rating),
    inStock: Number(row.available) > 0,
    addedAt: row.addedAt.toISOString(),
  }));
}

/** The owner's own view: their prices (a flash sale, their organisation's) where those are lower, the list price struck out. */
async function atOwnersPrices(db: Db, userId: string, items: WishlistItem[]): Promise<WishlistItem[]> {
  const prices = await oneUnitVariantPrices(db, userId, items.map((item) => item.variant_id));
  if (!prices) return items;
  return items.map((item) => {
    const price = prices.get(item.variant_id);
    if (!price) return item;
    const was = wasCents(price.unitPriceCents, price.listPriceCents, item.originalPrice === null ? null : dollarsToCents(item.originalPrice));
    return { ...item, price: centsToNumber(price.unitPriceCents), originalPrice: numberOrNull(was) };
  });
}

const ownersItems = (db: Db, userId: string) => readItems(db, eq(wishlistItems.userId, userId));

export const listWishlist = async (db: Db, userId: string) => atOwnersPrices(db, userId, await ownersItems(db, userId));

/** Saves the named variant, or the product's first one when none is named. */
export async function addToWishlist(db: Db, userId: string, productId: number, variantId?: number): Promise<WishlistItem> {
  const [product] = await db.select({ id: products.id }).from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const variant = variantId === undefined ? await defaultVariant(db, productId) : await resolveVariant(db, productId, variantId);
  if (!variant) throw notFound(PRODUCT_NOT_FOUND);
  await db.insert(wishlistItems).values({ userId, variantId: variant.id }).onConflictDoNothing();
  const [item] = await atOwnersPrices(db, userId, await readItems(db, and(eq(wishlistItems.userId, userId), eq(wishlistItems.variantId, variant.id))));
  return item;
}

export async function removeProduct(db: Db, userId: string, productId: number): Promise<void> {
  const ofProduct = db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.variantId, ofProduct)));
}

export async function removeItem(db: Db, userId: string, id: number): Promise<void> {
  const removed = await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.id, id)))
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) throw notFound('Wishlist item not found.');
}

const shareView = (shareId: string): WishlistShare => ({ shareId, url: `/wishlist/shared/${shareId}` });

export async function currentShare(db: Db, userId: string): Promise<WishlistShare | null> {
  const [row] = await db.select({ shareId: wishlistShares.shareId }).from(wishlistShares).where(eq(wishlistShares.userId, userId));
  return row ? shareView(row.shareId) : null;
}

export async function share(db: Db, userId: string): Promise<WishlistShare> {
  // 18 random bytes give 24 base64url characters: 144 bits, not guessable and unrelated to the user id.
  await db.insert(wishlistShares).values({ userId, shareId: randomBytes(18).toString('base64url') }).onConflictDoNothing();
  const existing = await currentShare(db, userId);
  if (!existing) throw new Error('wishlist share missing after insert');
  return existing;
}

export async function unshare(db: Db, userId: string): Promise<void> {
  await db.delete(wishlistShares).where(eq(wishlistShares.userId, userId));
}

export async function sharedWishlist(db: Db, shareId: string): Promise<{ ownerFirstName: string; items: WishlistItem[] }> {
  const [owner] = await db.select({ id: users.id, firstName: users.firstName }).from(wishlistShares)
    .innerJoin(users, eq(users.id, wishlistShares.userId)).where(eq(wishlistShares.shareId, shareId));
  if (!owner) throw notFound(SHARED_NOT_FOUND);
  // Visitors see list prices: an organisation's negotiated prices are for its own buyer.
  return { ownerFirstName: owner.firstName, items: await ownersItems(db, owner.id) };
}
