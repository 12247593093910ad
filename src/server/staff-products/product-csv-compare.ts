import { isDeepStrictEqual } from 'node:util';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import type { ImportResult } from '#contracts/staff-products';
import { sanitizeDescription } from './description-html.ts';
import type { ProductFields, VariantFields } from './product-rules.ts';
import type { StoredProduct } from './stored-product.ts';

export type Outcome = keyof ImportResult['products'];

export interface ProductPlan {
  product: Outcome;
  variants: Record<Outcome, number>;
  /** The product or its variants differ from what is stored: the writer has to save it. */
  write: boolean;
}

const money = (value: string | null | undefined) => (value == null ? null : centsToDecimal(decimalToCents(value)));

const productPart = ({ variants: _variants, ...fields }: ProductFields) => ({
  ...fields, description: sanitizeDescription(fields.description),
});

const variantPart = (variant: VariantFields) => ({
  options: variant.options,
  model_number: variant.model_number,
  gtin: variant.gtin ?? null,
  price: money(variant.price),
  original_price: money(variant.original_price),
  cost: money(variant.cost),
  weight_grams: variant.weight_grams ?? null,
  is_active: variant.is_active,
  tiers: variant.tiers.map((tier) => ({ min_quantity: tier.min_quantity, price: money(tier.price) })),
  components: variant.components,
  regulatory: variant.regulatory ?? null,
});

/**
 * What saving `input` would do to the stored product: created, updated or unchanged, for the product and for each
 * variant (a variant whose stock the file changes is updated; a stored active variant the file leaves out is
 * deactivated, so updated too). `stockNow` holds the stored variants' current stock by id.
 */
export function planProduct(
  input: ProductFields, stock: (number | null)[], stored: StoredProduct | undefined, stockNow: Map<number, number>,
): ProductPlan {
  const variants = { created: 0, updated: 0, unchanged: 0 };
  if (!stored) return { product: 'created', variants: { ...variants, created: input.variants.length }, write: true };
  const { id: _id, updated_at: _updatedAt, ...storedFields } = stored;
  let write = !isDeepStrictEqual(productPart(input), productPart(storedFields));
  input.variants.forEach((variant, i) => {
    const before = stored.variants.find((row) => row.id !== undefined && row.id === variant.id);
    if (!before) {
      variants.created += 1;
      write = true;
      return;
    }
    const same = isDeepStrictEqual(variantPart(variant), variantPart(before));
    if (!same) write = true;
    const restock = stock[i] !== null && stock[i] !== stockNow.get(before.id!);
    variants[same && !restock ? 'unchanged' : 'updated'] += 1;
  });
  const kept = new Set(input.variants.map((variant) => variant.id));
  const leftOut = stored.variants.filter((row) => row.is_active && !kept.has(row.id)).length;
  variants.updated += leftOut;
  write ||= leftOut > 0;
  const product = write || variants.updated > 0 ? 'updated' : 'unchanged';
  return { product, variants, write };
}
