import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CategoryTranslations } from '#contracts/catalog';
import {
  type categoryInput, type categoryPatch, deleteCategory as deleteCategoryContract, type StaffCategory,
} from '#contracts/staff-categories';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { toCategory } from '../catalog/catalog.service.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { categories } from '../db/schema/catalog.ts';
import { slugify } from '../seed/product-variant.ts';
import { processPhoto } from '../media/photo-pipeline.ts';
import { apiError, badRequest, notFound } from '../lib/errors.ts';
import { categoryImagePath, dropCategoryImage, storeCategoryImage } from './category-image.ts';

type CategoryInput = z.infer<typeof categoryInput>;
type CategoryPatch = z.infer<typeof categoryPatch>;

const SLUG_TAKEN = 'Another category uses this slug.';
const AUDIT_ENTITY = 'category';

const productCount = sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id")`;

async function selectCategories(db: DbOrTx, id?: number): Promise<StaffCategory[]> {
  const rows = await db.select({ category: categories, productCount }).from(categories)
    .where(id === undefined ? undefined : eq(categories.id, id))
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));
  return rows.map(({ category, productCount: count }) => ({
    ...toCategory(category, count), sort_order: category.sortOrder, restricted: category.restricted,
  }));
}

export const listStaffCategories = (db: Db) => selectCategories(db);

async function findCategory(db: DbOrTx, id: number): Promise<StaffCategory> {
  const [category] = await selectCategories(db, id);
  if (!category) throw notFound('Category not found.');
  return category;
}

/** The translations worth keeping: a language whose name was left empty is dropped. */
function storedTranslations(input: NonNullable<CategoryInput['translations']>): CategoryTranslations {
  return Object.fromEntries(Object.entries(input).filter(([, text]) => text && text.name !== ''));
}

const slugTaken = async (db: DbOrTx, slug: string, exceptId?: number) =>
  (await db.select({ id: categories.id }).from(categories)
    .where(and(eq(categories.slug, slug), exceptId === undefined ? undefined : ne(categories.id, exceptId)))).length > 0;

/** The name's slug, numbered (-2, -3, …) past those already used. */
async function freeSlugFor(db: DbOrTx, name: string): Promise<string> {
  const base = slugify(name) || 'category';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!await slugTaken(db, slug)) return slug;
  }
}

export async function createCategory(db: Db, actor: Actor, input: CategoryInput): Promise<StaffCategory> {
  const created = await db.transaction(async (tx) => {
    if (input.slug && await slugTaken(tx, input.slug)) throw badRequest({ slug: [SLUG_TAKEN] });
    const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${categories.sortOrder}), -1)::int` }).from(categories);
    const [row] = await tx.insert(categories).values({
      name: input.name,
      slug: input.slug ?? await freeSlugFor(tx, input.name),
      description: input.description,
      image: input.image,
      restricted: input.restricted,
      translations: storedTranslations(input.translations),
      sortOrder: Number(last) + 1,
    }).returning({ id: categories.id });
    const category = await findCategory(tx, row.id);
    await recordAudit(tx, actor, { action: 'category.create', entity: AUDIT_ENTITY, entityId: row.id, after: category });
    return category;
  });
  return created;
}

export async function updateCategory(db: Db, actor: Actor, id: number, patch: CategoryPatch): Promise<StaffCategory> {
  const updated = await db.transaction(async (tx) => {
    const before = await findCategory(tx, id);
    if (patch.slug && await slugTaken(tx, patch.slug, id)) throw badRequest({ slug: [SLUG_TAKEN] });
    await tx.update(categories).set({
      name: patch.name,
      slug: patch.slug,
      description: patch.description,
      image: patch.image,
      restricted: patch.restricted,
      translations: patch.translations && storedTranslations(patch.translations),
    }).where(eq(categories.id, id));
    if (patch.image !== undefined && patch.image !== before.image) await dropCategoryImage(tx, id);
    const after = await findCategory(tx, id);
    await recordAudit(tx, actor, { action: 'category.update', entity: AUDIT_ENTITY, entityId: id, before, after });
    return after;
  });
  return updated;
}

/**
 * Gives the category an uploaded picture: encoded first (outside any transaction, being the slow part), then stored,
 * named by the category's image and recorded in one transaction.
 */
export async function setCategoryImage(db: Db, actor: Actor, id: number, file: Buffer): Promise<StaffCategory> {
  await findCategory(db, id);
  const photo = await processPhoto(file);
  const updated = await db.transaction(async (tx) => {
    const before = await findCategory(tx, id);
    await storeCategoryImage(tx, id, photo);
    await tx.update(categories).set({ image: categoryImagePath(id, photo) }).where(eq(categories.id, id));
    const after = await findCategory(tx, id);
    await recordAudit(tx, actor, { action: 'category.image', entity: AUDIT_ENTITY, entityId: id, before, after });
    return after;
  });
  return updated;
}

/** Numbers the categories in the order given; each category must appear exactly once. */
export async function reorderCategories(db: Db, actor: Actor, ids: number[]): Promise<StaffCategory[]> {
  const reordered = await db.transaction(async (tx) => {
    const current = await selectCategories(tx);
    const known = new Set(current.map((category) => category.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw badRequest({ ids: ['List every category exactly once.'] });
    }
    const before = new Map(current.map((category) => [category.id, category.sort_order]));
    for (const [position, id] of ids.entries()) {
      if (before.get(id) === position) continue;
      await tx.update(categories).set({ sortOrder: position }).where(eq(categories.id, id));
      await recordAudit(tx, actor, {
        action: 'category.reorder', entity: AUDIT_ENTITY, entityId: id,
        before: { sort_order: before.get(id) }, after: { sort_order: position },
      });
    }
    return selectCategories(tx);
  });
  return reordered;
}

const holdsProducts = (count: number) =>
  `This category holds ${count} ${count === 1 ? 'product' : 'products'}. Move ${count === 1 ? 'it' : 'them'} first.`;

export async function deleteCategory(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked, so no product is filed under it between the count and the delete.
    await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
    const before = await findCategory(tx, id);
    if (before.product_count > 0) {
      throw apiError(deleteCategoryContract, 'CATEGORY_NOT_EMPTY', 409, holdsProducts(before.product_count),
        { count: before.product_count });
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, actor, { action: 'category.delete', entity: AUDIT_ENTITY, entityId: id, before });
  });
}
