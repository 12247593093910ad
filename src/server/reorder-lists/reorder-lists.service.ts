import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { ReorderList, ReorderListItem, ReorderListSummary } from '#contracts/reorder-lists';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { reorderListItems, reorderLists } from '../db/schema/reorder-lists.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { mainImage } from '../catalog/product-list-item.ts';
import { resolveVariant, variantLabels } from '../catalog/variants.ts';
import { findEquivalents, type EquivalentSource } from './equivalents.ts';

export const LIST_NOT_FOUND = 'Reorder list not found.';
export const ITEM_NOT_FOUND = 'Item not found on this list.';
const DUPLICATE_NAME = 'You already have a list with this name.';

type ListRow = typeof reorderLists.$inferSelect;

/** The list, only when it is this buyer's. */
export async function ownList(db: Db, userId: string, listId: number): Promise<ListRow> {
  const [list] = await db.select().from(reorderLists).where(and(eq(reorderLists.id, listId), eq(reorderLists.userId, userId)));
  if (!list) throw notFound(LIST_NOT_FOUND);
  return list;
}

export async function ownItem(db: Db, userId: string, listId: number, itemId: number) {
  await ownList(db, userId, listId);
  const [item] = await db.select().from(reorderListItems)
    .where(and(eq(reorderListItems.id, itemId), eq(reorderListItems.listId, listId)));
  if (!item) throw notFound(ITEM_NOT_FOUND);
  return item;
}

const equivalentSource = (product: typeof products.$inferSelect, variant: typeof productVariants.$inferSelect): EquivalentSource => ({
  productId: product.id, variantId: variant.id, instrumentType: product.instrumentType, brand: product.brand, priceCents: variant.priceCents,
});

export async function readItems(db: Db, listId: number): Promise<ReorderListItem[]> {
  const rows = await db.select({
    item: reorderListItems,
    product: products,
    variant: productVariants,
    image: mainImage,
    available: sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)::int`,
  }).from(reorderListItems)
    .innerJoin(productVariants, eq(productVariants.id, reorderListItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(eq(reorderListItems.listId, listId))
    .orderBy(asc(reorderListItems.createdAt), asc(reorderListItems.id));
  const onList = rows.map((row) => row.variant.id);
  const labels = await variantLabels(db, onList);
  return Promise.all(rows.map(async ({ item, product, variant, image, available }) => {
    const stock = product.isActive && variant.isActive ? Math.max(Number(available), 0) : 0;
    return {
      id: item.id,
      product_id: product.id,
      variant_id: variant.id,
      variant_label: labels.get(variant.id) ?? '',
      slug: product.slug,
      name: product.name,
      brand: product.brand,
      model_number: variant.modelNumber,
      image: image ?? '',
      price: centsToDecimal(variant.priceCents),
      par_level: item.parLevel,
      last_on_hand: item.lastOnHand,
      counted_at: item.countedAt?.toISOString() ?? null,
      available_stock: stock,
      in_stock: stock > 0,
      equivalents: stock > 0 ? [] : await findEquivalents(db, equivalentSource(product, variant), onList),
    };
  }));
}

async function summaries(db: Db, userId: string): Promise<ReorderListSummary[]> {
  const rows = await db.select({ list: reorderLists, itemCount: count(reorderListItems.id) }).from(reorderLists)
    .leftJoin(reorderListItems, eq(reorderListItems.listId, reorderLists.id))
    .where(eq(reorderLists.userId, userId))
    .groupBy(reorderLists.id)
    .orderBy(desc(reorderLists.updatedAt), desc(reorderLists.id));
  return rows.map(({ list, itemCount }) => ({
    id: list.id, name: list.name, item_count: Number(itemCount), updated_at: list.updatedAt.toISOString(),
  }));
}

export const listLists = summaries;

export async function readList(db: Db, userId: string, listId: number): Promise<ReorderList> {
  const list = await ownList(db, userId, listId);
  const items = await readItems(db, listId);
  return { id: list.id, name: list.name, item_count: items.length, updated_at: list.updatedAt.toISOString(), items };
}

async function nameTaken(db: Db, userId: string, name: string, except?: number): Promise<boolean> {
  const [row] = await db.select({ id: reorderLists.id }).from(reorderLists)
    .where(and(eq(reorderLists.userId, userId), sql`lower(${reorderLists.name}) = lower(${name})`));
  return Boolean(row && row.id !== except);
}

export async function createList(db: Db, userId: string, name: string): Promise<ReorderList> {
  if (await nameTaken(db, userId, name)) throw badRequest({ name: [DUPLICATE_NAME] });
  const [list] = await db.insert(reorderLists).values({ userId, name }).onConflictDoNothing().returning({ id: reorderLists.id });
  if (!list) throw badRequest({ name: [DUPLICATE_NAME] });
  return readList(db, userId, list.id);
}

export async function renameList(db: Db, userId: string, listId: number, name: string): Promise<ReorderList> {
  await ownList(db, userId, listId);
  if (await nameTaken(db, userId, name, listId)) throw badRequest({ name: [DUPLICATE_NAME] });
  await db.update(reorderLists).set({ name, updatedAt: new Date() }).where(eq(reorderLists.id, listId));
  return readList(db, userId, listId);
}

export async function deleteList(db: Db, userId: string, listId: number): Promise<void> {
  await ownList(db, userId, listId);
  await db.delete(reorderLists).where(eq(reorderLists.id, listId));
}

export const touch = (db: Db, listId: number) =>
  db.update(reorderLists).set({ updatedAt: new Date() }).where(eq(reorderLists.id, listId));

/** The variant a buyer names (or the only one of a plain product) of an active product. */
async function variantToList(db: Db, productId: number, variantId: number | null | undefined): Promise<number> {
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.isActive, true)));
  const variant = product ? await resolveVariant(db, productId, variantId) : null;
  if (!variant) throw notFound('Product not found.');
  return variant.id;
}

export async function addItem(
  db: Db, userId: string, listId: number, item: { productId: number; variantId?: number | null; parLevel: number },
): Promise<ReorderList> {
  await ownList(db, userId, listId);
  const variantId = await variantToList(db, item.productId, item.variantId);
  const { parLevel } = item;
  await db.insert(reorderListItems).values({ listId, variantId, parLevel })
    .onConflictDoUpdate({ target: [reorderListItems.listId, reorderListItems.variantId], set: { parLevel } });
  await touch(db, listId);
  return readList(db, userId, listId);
}

export async function setParLevel(db: Db, userId: string, listId: number, itemId: number, parLevel: number): Promise<ReorderList> {
  await ownItem(db, userId, listId, itemId);
  await db.update(reorderListItems).set({ parLevel }).where(eq(reorderListItems.id, itemId));
  await touch(db, listId);
  return readList(db, userId, listId);
}

export async function removeItem(db: Db, userId: string, listId: number, itemId: number): Promise<ReorderList> {
  await ownItem(db, userId, listId, itemId);
  await db.delete(reorderListItems).where(eq(reorderListItems.id, itemId));
  await touch(db, listId);
  return readList(db, userId, listId);
}

const NOT_OFFERED = 'Choose one of the in-stock equivalents offered for this item.';

/** Only a variant offered as an equivalent right now can take the item's place. */
export async function swapItem(
  db: Db, userId: string, listId: number, itemId: number, chosen: { productId: number; variantId?: number | null },
): Promise<ReorderList> {
  const item = await ownItem(db, userId, listId, itemId);
  const [source] = await db.select({ product: products, variant: productVariants }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId)).where(eq(productVariants.id, item.variantId));
  const others = await db.select({ variantId: reorderListItems.variantId }).from(reorderListItems).where(eq(reorderListItems.listId, listId));
  const offered = await findEquivalents(db, equivalentSource(source.product, source.variant), others.map((row) => row.variantId), 1_000);
  if (!offered.some((equivalent) => equivalent.product_id === chosen.productId)) throw badRequest({ product_id: [NOT_OFFERED] });
  const variant = await resolveVariant(db, chosen.productId, chosen.variantId);
  if (!variant || !offered.some((equivalent) => equivalent.variant_id === variant.id)) throw badRequest({ variant_id: [NOT_OFFERED] });
  await db.update(reorderListItems).set({ variantId: variant.id }).where(eq(reorderListItems.id, itemId));
  await touch(db, listId);
  return readList(db, userId, listId);
}
