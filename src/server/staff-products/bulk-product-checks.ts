import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { categories } from '../db/schema/catalog.ts';
import type { FieldErrors } from '../lib/errors.ts';
import { regulatoryErrors } from '../regulatory/regulatory-fields.ts';
import { setCompositionErrors } from '../sets/set-component-rules.ts';
import { productRuleErrors, type ProductFields } from './product-rules.ts';
import { CATEGORY_MISSING, SLUG_TAKEN } from './product-problems.ts';
import { takenSlugs } from './product-slug.ts';
import { variantConflictsOf, type VariantPlan } from './variant-sync.ts';

/** A product about to be saved: its fields, its variants matched to the stored ones, and its id (null: a new one). */
export interface CheckedProduct {
  product: ProductFields;
  plan: VariantPlan;
  productId: number | null;
}

export const mergeErrors = (errors: FieldErrors, more: FieldErrors): void => {
  for (const [field, messages] of Object.entries(more)) errors[field] = [...new Set([...(errors[field] ?? []), ...messages])];
};

/** Which of the products' slugs another product answers to, by the id of the product asking. */
async function slugsTaken(tx: Tx, items: CheckedProduct[]): Promise<Map<number | null, Set<string>>> {
  const slugged = items.filter((item) => item.product.slug);
  const taken = new Map<number | null, Set<string>>();
  for (const productId of new Set(slugged.map((item) => item.productId))) {
    const slugs = slugged.filter((item) => item.productId === productId).map((item) => item.product.slug!);
    taken.set(productId, await takenSlugs(tx, slugs, productId));
  }
  return taken;
}

/**
 * Every rule of each product against the shop as it is: its field errors, empty when it may be saved. A few queries
 * for all the products together.
 */
export async function productErrors(tx: Tx, items: CheckedProduct[]): Promise<FieldErrors[]> {
  const conflicts = await variantConflictsOf(tx, items.map(({ product, plan }) => ({ plan, input: product.variants })));
  const categoryIds = [...new Set(items.map(({ product }) => product.category_id))];
  const existing = new Set((await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds)))
    .map((row) => row.id));
  const taken = await slugsTaken(tx, items);
  const compositions = await setCompositionErrors(tx, items.map(({ product, plan, productId }) => ({
    productId, variants: product.variants.map((variant, i) => ({ id: plan.matches[i]?.id, components: variant.components })),
  })));
  const regulatory = await regulatoryErrors(tx, items.map(({ product }) => product.variants.map((variant) => variant.regulatory)));
  return items.map(({ product, plan, productId }, i) => {
    const errors = productRuleErrors(product);
    mergeErrors(errors, plan.errors);
    mergeErrors(errors, conflicts[i]);
    mergeErrors(errors, compositions[i]);
    mergeErrors(errors, regulatory[i]);
    if (!existing.has(product.category_id)) mergeErrors(errors, { category_id: [CATEGORY_MISSING] });
    if (product.slug && taken.get(productId)?.has(product.slug)) mergeErrors(errors, { slug: [SLUG_TAKEN] });
    return errors;
  });
}
