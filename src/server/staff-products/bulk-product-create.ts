import { centsToDecimal, decimalToCents } from '#contracts/money';
import { recordAuditEntries, type Actor } from '../audit/audit.ts';
import type { Tx } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import type { FieldErrors } from '../lib/errors.ts';
import { mergeErrors, productErrors } from './bulk-product-checks.ts';
import { sanitizeDescription } from './description-html.ts';
import { insertProductDetails } from './product-details-writer.ts';
import { gtin14, type ProductFields, type VariantFields } from './product-rules.ts';
import { CATALOGUE_NUMBER_TAKEN, GTIN_TAKEN, SLUG_TAKEN } from './product-problems.ts';
import { freeSlug, slugFromName } from './product-slug.ts';
import { withUnspsc, type ClassifiedProduct } from './product-unspsc.ts';
import type { StoredProduct } from './stored-product.ts';
import { insertTiers, insertVariants, planVariants, writeVariantExtras } from './variant-sync.ts';

/** What became of one product given to `insertNewProducts`: its id, or the field errors that kept it out. */
export type Creation = { id: number; variantIds: number[]; after: StoredProduct } | { errors: FieldErrors };

export const productColumns = (product: ClassifiedProduct) => ({
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
  hsCode: product.hs_code,
  unspsc: product.unspsc,
  countryOfOrigin: product.country_of_origin,
  privateLabelMoq: product.private_label_moq,
});

const money = (value: string) => centsToDecimal(decimalToCents(value));

const storedVariant = (variant: VariantFields, id: number) => ({
  id,
  options: variant.options,
  model_number: variant.model_number,
  gtin: variant.gtin ?? null,
  price: money(variant.price),
  original_price: variant.original_price == null ? null : money(variant.original_price),
  cost: variant.cost == null ? null : money(variant.cost),
  weight_grams: variant.weight_grams ?? null,
  is_active: variant.is_active,
  tiers: variant.tiers.map((tier) => ({ min_quantity: tier.min_quantity, price: money(tier.price) })),
  components: variant.components,
  regulatory: variant.regulatory ?? null,
});

/** A product just written, as `productAsInput` would read it back. */
function asStored(product: ClassifiedProduct, row: { id: number; slug: string; updatedAt: Date }, variantIds: number[]): StoredProduct {
  return {
    ...product,
    id: row.id,
    updated_at: row.updatedAt.toISOString(),
    slug: row.slug,
    certifications: [...new Set(product.certifications)],
    specifications: product.specifications.map(({ key, value }) => ({ key, value })),
    options: product.options.map(({ name, values, translations }) => ({ name, values, translations })),
    variants: product.variants.map((variant, i) => storedVariant(variant, variantIds[i])),
  };
}

/**
 * A later product of the same batch may not take what an earlier one took: the same errors as when the earlier one
 * is already in the shop.
 */
function claimedErrors(product: ProductFields, claimed: { numbers: Set<string>; gtins: Set<string>; slugs: Set<string> }): FieldErrors {
  const errors: FieldErrors = {};
  product.variants.forEach((variant, i) => {
    if (claimed.numbers.has(variant.model_number.toLowerCase())) {
      errors[`variants.${i}.model_number`] = [CATALOGUE_NUMBER_TAKEN];
    }
    if (variant.gtin && claimed.gtins.has(gtin14(variant.gtin))) errors[`variants.${i}.gtin`] = [GTIN_TAKEN];
  });
  if (product.slug && claimed.slugs.has(product.slug)) errors.slug = [SLUG_TAKEN];
  return errors;
}

/**
 * Creates new products inside the caller's transaction, each with its variants (every one with an empty stock
 * record), details, tiers and a `product.create` audit entry. Each product is checked on its own, as if the valid
 * ones before it were saved already; the valid ones are written together, a few statements for all of them.
 * Returns, in the order given, each product's id or its field errors.
 */
export async function insertNewProducts(tx: Tx, actor: Actor, inputs: ProductFields[]): Promise<Creation[]> {
  const items = (await withUnspsc(tx, inputs)).map((input) => {
    const product = { ...input, description: sanitizeDescription(input.description) };
    return { product, plan: planVariants([], product.variants), productId: null };
  });
  const errors = await productErrors(tx, items);
  const claimed = { numbers: new Set<string>(), gtins: new Set<string>(), slugs: new Set<string>() };
  const valid: { index: number; product: ClassifiedProduct; slug: string }[] = [];
  for (const [index, { product }] of items.entries()) {
    mergeErrors(errors[index], claimedErrors(product, claimed));
    if (Object.keys(errors[index]).length) continue;
    const slug = product.slug ?? await freeSlug(tx, slugFromName(product.name), null, claimed.slugs);
    claimed.slugs.add(slug);
    for (const variant of product.variants) {
      claimed.numbers.add(variant.model_number.toLowerCase());
      if (variant.gtin) claimed.gtins.add(gtin14(variant.gtin));
    }
    valid.push({ index, product, slug });
  }
  const results: Creation[] = errors.map((fieldErrors) => ({ errors: fieldErrors }));
  if (valid.length === 0) return results;
  const rows = await tx.insert(products).values(valid.map(({ product, slug }) => ({ ...productColumns(product), slug })))
    .returning({ id: products.id, slug: products.slug, updatedAt: products.updatedAt });
  const rowOf = new Map(rows.map((row) => [row.slug, row]));
  const written = valid.map(({ index, product, slug }) => ({ index, product, row: rowOf.get(slug)! }));
  await insertProductDetails(tx, written.map(({ product, row }) => ({ productId: row.id, product })));
  const variantIds = await insertVariants(tx, written.flatMap(({ product, row }) => product.variants
    .map((variant, position) => ({ productId: row.id, variant, position }))));
  const allVariants = written.flatMap(({ product }) => product.variants);
  await insertTiers(tx, variantIds, allVariants);
  await writeVariantExtras(tx, variantIds, allVariants);
  let offset = 0;
  for (const { index, product, row } of written) {
    const ids = variantIds.slice(offset, offset += product.variants.length);
    results[index] = { id: row.id, variantIds: ids, after: asStored(product, row, ids) };
  }
  await recordAuditEntries(tx, actor, written.map(({ index }) => {
    const created = results[index] as Extract<Creation, { id: number }>;
    return { action: 'product.create', entity: 'product', entityId: created.id, after: created.after };
  }));
  return results;
}
