import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { message } from '#contracts/issues';
import { prepared, type DbOrTx } from '../db/client.ts';
import { productOptions, products, productVariants, type OptionTranslations } from '../db/schema/catalog.ts';
import { badRequest } from '../lib/errors.ts';

export type VariantRow = typeof productVariants.$inferSelect;

/** '18 cm · Curved': the variant's values in the product's option order; '' for a product without options. */
export function variantLabel(options: Record<string, string>, optionOrder?: readonly string[]): string {
  const names = optionOrder ?? Object.keys(options);
  return names.filter((name) => options[name] !== undefined).map((name) => options[name]).join(' · ');
}

/**
 * A catalogue number as compared when typed loosely: lower case, letters and digits only ('SS-12345' → 'ss12345'), as
 * the index product_variants_model_number_compact_idx holds it.
 */
export const compactModelNumber = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The product's options in order, as [{ name, values, translations }]. */
export async function optionsOf(db: DbOrTx, productId: number): Promise<{ name: string; values: string[]; translations: OptionTranslations }[]> {
  return db.select({ name: productOptions.name, values: productOptions.values, translations: productOptions.translations })
    .from(productOptions).where(eq(productOptions.productId, productId)).orderBy(asc(productOptions.position));
}

/** Option names by product, in order, for labelling many lines at once. */
export async function optionOrders(db: DbOrTx, productIds: number[]): Promise<Map<number, string[]>> {
  const orders = new Map<number, string[]>();
  if (productIds.length === 0) return orders;
  const rows = await db.select({ productId: productOptions.productId, name: productOptions.name }).from(productOptions)
    .where(inArray(productOptions.productId, [...new Set(productIds)])).orderBy(asc(productOptions.productId), asc(productOptions.position));
  for (const row of rows) orders.set(row.productId, [...(orders.get(row.productId) ?? []), row.name]);
  return orders;
}

/** Each variant's label, by variant id. */
export async function variantLabels(db: DbOrTx, variantIds: number[]): Promise<Map<number, string>> {
  const labels = new Map<number, string>();
  if (variantIds.length === 0) return labels;
  const rows = await db.select({ id: productVariants.id, productId: productVariants.productId, options: productVariants.options })
    .from(productVariants).where(inArray(productVariants.id, [...new Set(variantIds)]));
  const orders = await optionOrders(db, rows.map((row) => row.productId));
  for (const row of rows) labels.set(row.id, variantLabel(row.options, orders.get(row.productId)));
  return labels;
}

export const variantNotOfProduct = () => message('variant_not_of_product', "This size or version is not one of this product's.");

/**
 * The variant a buyer means: `variantId` when it is one of the product's, the only variant of a product without
 * choices, and otherwise a 400 on `variant_id` naming the options still to choose. Inactive variants count as absent;
 * null when the product has no active variant (the caller answers as for an unknown product).
 */
export async function resolveVariant(
  db: DbOrTx, productId: number, variantId: number | undefined | null, field = 'variant_id',
): Promise<VariantRow | null> {
  return chooseVariant(db, productId, variantId, field, eq(productVariants.productId, productId));
}

/** resolveVariant() of a product on sale: null, as for an unknown product, when the product is archived. */
export async function resolveOnSaleVariant(db: DbOrTx, productId: number, variantId: number | undefined | null): Promise<VariantRow | null> {
  const onSale = inArray(productVariants.productId, db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.isActive, true))));
  return chooseVariant(db, productId, variantId, 'variant_id', onSale);
}

async function chooseVariant(
  db: DbOrTx, productId: number, variantId: number | undefined | null, field: string, ofProduct: SQL,
): Promise<VariantRow | null> {
  const variants = await prepared(db.select().from(productVariants)
    .where(and(ofProduct, eq(productVariants.isActive, true)))
    .orderBy(asc(productVariants.position), asc(productVariants.id)), 'variants_of_product');
  if (variants.length === 0) return null;
  if (variantId !== undefined && variantId !== null) {
    const chosen = variants.find((variant) => variant.id === variantId);
    if (!chosen) throw badRequest({ [field]: [variantNotOfProduct()] });
    return chosen;
  }
  if (variants.length === 1) return variants[0]!;
  const names = (await optionsOf(db, productId)).map((option) => option.name).join(', ');
  throw badRequest({ [field]: [message('choose_options', `Choose ${names}.`, { options: names })] });
}

/** A product's first active variant: what a caller that names only the product means (its only one, when plain). */
export async function defaultVariant(db: DbOrTx, productId: number): Promise<VariantRow | null> {
  const [variant] = await db.select().from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.isActive, true)))
    .orderBy(asc(productVariants.position), asc(productVariants.id)).limit(1);
  return variant ?? null;
}

/** The product has an active variant carrying, for each named option, one of the values given for it. */
export function hasOptionValues(filters: { name: string; value: string }[]): SQL {
  const byName = new Map<string, string[]>();
  for (const { name, value } of filters) byName.set(name, [...(byName.get(name) ?? []), value]);
  const carries = [...byName].map(([name, values]) => sql`pv.options ->> ${name} in (${sql.join(values.map((value) => sql`${value}`), sql`, `)})`);
  return sql`exists (select 1 from product_variants pv where pv.product_id = "products"."id" and pv.is_active and ${sql.join(carries, sql` and `)})`;
}

/** The rows, each with its variant's label ('' for a product without options). */
export async function withVariantLabels<Row extends { variantId: number }>(
  db: DbOrTx, rows: Row[],
): Promise<(Row & { variantLabel: string })[]> {
  const labels = await variantLabels(db, rows.map((row) => row.variantId));
  return rows.map((row) => ({ ...row, variantLabel: labels.get(row.variantId) ?? '' }));
}
