import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { categories, products } from '../db/schema/catalog.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { forgetCatalogueAggregates } from '../catalog/ttl-cache.ts';
import { badRequest, notFound, type FieldErrors } from '../lib/errors.ts';
import { sanitizeDescription } from './description-html.ts';
import { changesSince, EditConflict } from './edit-conflict.ts';
import { writeProductDetails } from './product-details-writer.ts';
import { productRuleErrors, type ProductFields } from './product-rules.ts';
import { freeSlug, retireSlug, slugFromName, slugTaken } from './product-slug.ts';
import { productAsInput, variantRowsOf, type StoredProduct } from './stored-product.ts';
import { planVariants, variantConflicts, writeVariants, type VariantPlan } from './variant-sync.ts';

export { productAsInput } from './stored-product.ts';

/** An edit: the fields to change, and the `updated_at` the editor read (left out by the CSV import: no conflict check). */
export type ProductChange = Partial<ProductFields> & { updated_at?: string };

const merge = (errors: FieldErrors, more: FieldErrors) => {
  for (const [field, messages] of Object.entries(more)) errors[field] = [...new Set([...(errors[field] ?? []), ...messages])];
};

/** Every rule of a product: 400 with each field's problems, before anything is written. */
async function assertValid(tx: Tx, product: ProductFields, plan: VariantPlan, productId: number | null): Promise<void> {
  const errors = productRuleErrors(product);
  merge(errors, plan.errors);
  merge(errors, await variantConflicts(tx, plan, product.variants));
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, product.category_id));
  if (!category) merge(errors, { category_id: ['Choose a category that exists.'] });
  if (product.slug && await slugTaken(tx, product.slug, productId)) {
    merge(errors, { slug: ['Another product has or had this address.'] });
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

const columnsOf = (product: ProductFields) => ({
  name: product.name,
  shortDescription: product.short_description,
  description: product.description,
  brand: product.brand,
  categoryId: product.category_id,
  instrumentType: product.instrument_type,
  status: product.status,
  restricted: product.restricted,
  metaTitle: product.meta_title,
  metaDescription: product.meta_description,
});

/** Creates a product with its variants (each with an empty stock record) in one transaction; returns its id. */
export async function createProduct(db: Db, actor: Actor, input: ProductFields): Promise<number> {
  const product = { ...input, description: sanitizeDescription(input.description) };
  const id = await db.transaction(async (tx) => {
    const plan = planVariants([], product.variants);
    await assertValid(tx, product, plan, null);
    const slug = product.slug ?? await freeSlug(tx, slugFromName(product.name), null);
    const [{ id: created }] = await tx.insert(products).values({ ...columnsOf(product), slug }).returning({ id: products.id });
    await writeProductDetails(tx, created, product, null);
    await writeVariants(tx, created, plan, product.variants);
    await recordAudit(tx, actor, { action: 'product.create', entity: 'product', entityId: created, after: await productAsInput(tx, created) });
    return created;
  });
  forgetCatalogueAggregates(db);
  return id;
}

const withoutBookkeeping = ({ id: _id, updated_at: _updatedAt, ...fields }: StoredProduct): ProductFields => fields;

/** The stored product with the edit's fields over it; fields left out (undefined) keep their stored value. */
function edited(stored: ProductFields, change: Partial<ProductFields>): ProductFields {
  const fields = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  const product = { ...stored, ...fields };
  return fields.description === undefined ? product : { ...product, description: sanitizeDescription(product.description) };
}

/**
 * Applies an edit in one transaction. With `updated_at`, an edit of a product saved since it was read is refused with
 * 409 EDIT_CONFLICT naming the fields changed since.
 */
export async function updateProduct(db: Db, actor: Actor, id: number, patch: ProductChange): Promise<void> {
  const { updated_at: readAt, ...change } = patch;
  const readTime = readAt === undefined ? undefined : new Date(readAt);
  if (readTime && Number.isNaN(readTime.getTime())) throw badRequest({ updated_at: ['Give the updated_at the product was read with.'] });
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound('Product not found.');
    if (readTime && readTime.getTime() !== row.updatedAt.getTime()) {
      throw new EditConflict(await changesSince(tx, id, readTime, row.updatedAt));
    }
    const before = await productAsInput(tx, id);
    const stored = withoutBookkeeping(before);
    const product = edited(stored, change);
    const plan = planVariants(await variantRowsOf(tx, id), product.variants);
    await assertValid(tx, product, plan, id);
    const slug = product.slug ?? stored.slug!;
    await tx.update(products).set({ ...columnsOf(product), slug, updatedAt: sql`now()` }).where(eq(products.id, id));
    if (slug !== stored.slug) await retireSlug(tx, id, stored.slug!, slug);
    await writeProductDetails(tx, id, product, stored);
    await writeVariants(tx, id, plan, product.variants);
    await recordAudit(tx, actor, { action: 'product.update', entity: 'product', entityId: id, before, after: await productAsInput(tx, id) });
  });
  forgetCatalogueAggregates(db);
}
