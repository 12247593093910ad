import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { NOT_YOUR_DEPARTMENT_LIST, type ReorderList, type ReorderListItem, type ReorderListSummary } from '#contracts/reorder-lists';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { reorderListItems, reorderLists } from '../db/schema/reorder-lists.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { mainImage } from '../catalog/product-list-item.ts';
import { resolveOnSaleVariant, resolveVariant, variantLabels } from '../catalog/variants.ts';
import { departmentNames, guideKeeperOf, mayKeep } from './department-guides.ts';
import { findEquivalents, type EquivalentSource } from './equivalents.ts';

export const LIST_NOT_FOUND = 'Reorder list not found.';
export const ITEM_NOT_FOUND = 'Item not found on this list.';
const DUPLICATE_NAME = 'You already have a list with this name.';

type ListRow = typeof reorderLists.$inferSelect;

/**
 * The list, only when this buyer keeps it: their own, or their department's order guide (see department-guides.ts).
 * `change` is false for reading only.
 */
export async function ownList(db: Db, userId: string, listId: number, change = true): Promise<ListRow> {
  const [list] = await db.select().from(reorderLists).where(eq(reorderLists.id, listId));
  if (!list || !await mayKeep(db, userId, list, change)) throw notFound(LIST_NOT_FOUND);
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

/** The buyer's own lists and the order guides of the departments they see, most recently changed first. */
export async function listLists(db: Db, userId: string): Promise<ReorderListSummary[]> {
  const { seen } = await guideKeeperOf(db, userId);
  const rows = await db.select({ list: reorderLists, itemCount: count(reorderListItems.id) }).from(reorderLists)
    .leftJoin(reorderListItems, eq(reorderListItems.listId, reorderLists.id))
    .where(or(
      and(eq(reorderLists.userId, userId), isNull(reorderLists.departmentId)),
      seen.length ? inArray(reorderLists.departmentId, seen) : undefined,
    ))
    .groupBy(reorderLists.id)
    .orderBy(desc(reorderLists.updatedAt), desc(reorderLists.id));
  const names = await departmentNames(db, rows.flatMap(({ list }) => (list.departmentId === null ? [] : [list.departmentId])));
  return rows.map(({ list, itemCount }) => ({
    id: list.id, name: list.name, department: departmentOf(list, names), item_count: Number(itemCount), updated_at: list.updatedAt.toISOString(),
  }));
}

const departmentOf = (list: ListRow, names: Map<number, string>) =>
  (list.departmentId === null ? null : { id: list.departmentId, name: names.get(list.departmentId) ?? '' });

export async function readList(db: Db, userId: string, listId: number): Promise<ReorderList> {
  const list = await ownList(db, userId, listId, false);
  const items = await readItems(db, listId);
  const names = await departmentNames(db, list.departmentId === null ? [] : [list.departmentId]);
  return {
    id: list.id, name: list.name, department: departmentOf(list, names), item_count: items.length, updated_at: list.updatedAt.toISOString(), items,
  };
}

async function nameTaken(db: Db, userId: string, name: string, except?: number): Promise<boolean> {
  const [row] = await db.select({ id: reorderLists.id }).from(reorderLists)
    .where(and(eq(reorderLists.userId, userId), sql`lower(${reorderLists.name}) = lower(${name})`));
  return Boolean(row && row.id !== except);
}

/** A list of the buyer's own, or with a department they order for, that department's order guide. */
export async function createList(db: Db, userId: string, name: string, departmentId: number | null = null): Promise<ReorderList> {
  if (departmentId !== null && !(await guideKeeperOf(db, userId)).orderFor.includes(departmentId)) {
    throw badRequest({ department_id: [NOT_YOUR_DEPARTMENT_LIST] });
  }
  if (await nameTaken(db, userId, name)) throw badRequest({ name: [DUPLICATE_NAME] });
  const [list] = await db.insert(reorderLists).values({ userId, name, departmentId }).onConflictDoNothing().returning({ id: reorderLists.id });
  if (!list) throw badRequest({ name: [DUPLICATE_NAME] });
  return readList(db, userId, list.id);
}

export async function renameList(db: Db, userId: string, listId: number, name: string): Promise<ReorderList> {
  const list = await ownList(db, userId, listId);
  // Names are unique among the lists of whoever started the list.
  if (await nameTaken(db, list.userId, name, listId)) throw badRequest({ name: [DUPLICATE_NAME] });
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
  const variant = await resolveOnSaleVariant(db, productId, variantId);
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
