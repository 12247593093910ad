import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { productErrors } from './bulk-product-checks.ts';
import { insertNewProducts, productColumns } from './bulk-product-create.ts';
import { sanitizeDescription } from './description-html.ts';
import { changesSince, EditConflict } from './edit-conflict.ts';
import { writeProductDetails } from './product-details-writer.ts';
import type { ProductFields } from './product-rules.ts';
import { retireSlug } from './product-slug.ts';
import { withUnspsc } from './product-unspsc.ts';
import { productAsInput, variantRowsOf, type StoredProduct } from './stored-product.ts';
import { planVariants, writeVariants, type VariantPlan } from './variant-sync.ts';

export { productAsInput } from './stored-product.ts';

/** An edit: the fields to change, and the `updated_at` the editor read (left out by the CSV import: no conflict check). */
export type ProductChange = Partial<ProductFields> & { updated_at?: string };

/** Every rule of a product: 400 with each field's problems, before anything is written. */
async function assertValid(tx: Tx, product: ProductFields, plan: VariantPlan, productId: number): Promise<void> {
  const [errors] = await productErrors(tx, [{ product, plan, productId }]);
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Creates a product with its variants (each with an empty stock record) in one transaction; returns its id. */
export async function createProduct(db: Db, actor: Actor, input: ProductFields): Promise<number> {
  const [created] = await db.transaction((tx) => insertNewProducts(tx, actor, [input]));
  if ('errors' in created) throw badRequest(created.errors);
  return created.id;
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
    const [product] = await withUnspsc(tx, [edited(stored, change)]);
    const plan = planVariants(await variantRowsOf(tx, id), product.variants);
    await assertValid(tx, product, plan, id);
    const slug = product.slug ?? stored.slug!;
    await tx.update(products).set({ ...productColumns(product), slug, updatedAt: sql`now()` }).where(eq(products.id, id));
    if (slug !== stored.slug) await retireSlug(tx, id, stored.slug!, slug);
    await writeProductDetails(tx, id, product, stored);
    await writeVariants(tx, id, plan, product.variants);
    await recordAudit(tx, actor, { action: 'product.update', entity: 'product', entityId: id, before, after: await productAsInput(tx, id) });
  });
}
