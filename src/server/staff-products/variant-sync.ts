import { eq, inArray, or, sql } from 'drizzle-orm';
import { decimalToCents } from '#contracts/money';
import type { Tx } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import type { VariantRow } from '../catalog/variants.ts';
import type { FieldErrors } from '../lib/errors.ts';
import { writeRegulatory } from '../regulatory/regulatory-fields.ts';
import { writeSetComponents } from '../sets/set-component-writer.ts';
import { defaultLowStockThreshold } from '../inventory/low-stock-threshold.ts';
import { gtin14, optionsKey, type VariantFields } from './product-rules.ts';
import { CATALOGUE_NUMBER_TAKEN, GTIN_TAKEN, NOT_THIS_PRODUCTS_VARIANT } from './product-problems.ts';

/** Which stored variant each input variant is (null: a new one), and the stored ones left out. */
export interface VariantPlan {
  matches: (VariantRow | null)[];
  leftOut: VariantRow[];
  errors: FieldErrors;
}

/**
 * Matches the input's variants to the stored ones: by id, else by option values, else by catalogue number. A stored
 * variant matches one input variant at most.
 */
export function planVariants(stored: VariantRow[], input: VariantFields[]): VariantPlan {
  const free = new Map(stored.map((row) => [row.id, row]));
  const matches: (VariantRow | null)[] = input.map(() => null);
  const errors: FieldErrors = {};
  input.forEach((variant, i) => {
    if (variant.id === undefined) return;
    const row = free.get(variant.id);
    if (row) {
      matches[i] = row;
      free.delete(row.id);
    } else {
      errors[`variants.${i}.id`] = [NOT_THIS_PRODUCTS_VARIANT];
    }
  });
  const claim = (i: number, found: (row: VariantRow) => boolean) => {
    if (matches[i] || input[i].id !== undefined) return;
    const row = [...free.values()].find(found);
    if (!row) return;
    matches[i] = row;
    free.delete(row.id);
  };
  input.forEach((variant, i) => claim(i, (row) => optionsKey(row.options) === optionsKey(variant.options)));
  input.forEach((variant, i) => claim(i, (row) => row.modelNumber.toLowerCase() === variant.model_number.toLowerCase()));
  return { matches, leftOut: [...free.values()], errors };
}

/** A product's variants as planned against its stored ones: what the conflict check takes. */
export interface PlannedVariants {
  plan: VariantPlan;
  input: VariantFields[];
}

/**
 * For each product: catalogue numbers and GTINs held by any other variant in the shop (this product's left-out ones
 * included), and option values held by a left-out variant of this product. One query for all of them.
 */
export async function variantConflictsOf(tx: Tx, products: PlannedVariants[]): Promise<FieldErrors[]> {
  const modelNumbers = [...new Set(products.flatMap(({ input }) => input.map((variant) => variant.model_number.toLowerCase())))];
  const gtins = [...new Set(products.flatMap(({ input }) => input.flatMap((variant) => (variant.gtin ? [gtin14(variant.gtin)] : []))))];
  const held = modelNumbers.length === 0 ? [] : await tx.select({
    id: productVariants.id, modelNumber: productVariants.modelNumber, gtin: productVariants.gtin,
  }).from(productVariants).where(or(
    inArray(sql`lower(${productVariants.modelNumber})`, modelNumbers),
    gtins.length ? inArray(sql`lpad(${productVariants.gtin}, 14, '0')`, gtins) : undefined,
  ));
  return products.map(({ plan, input }) => {
    const mine = new Set(plan.matches.flatMap((row) => (row ? [row.id] : [])));
    const others = held.filter((row) => !mine.has(row.id));
    const takenNumbers = new Set(others.map((row) => row.modelNumber.toLowerCase()));
    const takenGtins = new Set(others.flatMap((row) => (row.gtin ? [gtin14(row.gtin)] : [])));
    const leftOutOptions = new Set(plan.leftOut.map((row) => optionsKey(row.options)));
    const errors: FieldErrors = {};
    input.forEach((variant, i) => {
      if (takenNumbers.has(variant.model_number.toLowerCase())) {
        errors[`variants.${i}.model_number`] = [CATALOGUE_NUMBER_TAKEN];
      }
      if (variant.gtin && takenGtins.has(gtin14(variant.gtin))) errors[`variants.${i}.gtin`] = [GTIN_TAKEN];
      if (leftOutOptions.has(optionsKey(variant.options))) {
        errors[`variants.${i}.options`] = ['A variant left out of this edit has the same values.'];
      }
    });
    return errors;
  });
}

/** A variant's columns; a cost the input leaves out keeps the stored row's. */
const columnsOf = (variant: VariantFields, position: number, row?: VariantRow) => ({
  position,
  options: variant.options,
  modelNumber: variant.model_number,
  gtin: variant.gtin ?? null,
  priceCents: decimalToCents(variant.price),
  originalPriceCents: variant.original_price == null ? null : decimalToCents(variant.original_price),
  costCents: variant.cost === undefined ? row?.costCents ?? null : variant.cost === null ? null : decimalToCents(variant.cost),
  weightGrams: variant.weight_grams ?? null,
  isActive: variant.is_active,
});

const unchanged = (row: VariantRow, columns: ReturnType<typeof columnsOf>): boolean =>
  row.position === columns.position && optionsKey(row.options) === optionsKey(columns.options) && row.modelNumber === columns.modelNumber
  && row.gtin === columns.gtin && row.priceCents === columns.priceCents && row.originalPriceCents === columns.originalPriceCents
  && row.costCents === columns.costCents && row.weightGrams === columns.weightGrams && row.isActive === columns.isActive;

/**
 * Writes the planned variants: changes the matched ones, adds the new ones with an empty stock record, deactivates the
 * left-out ones (orders and lots name them) and replaces the tiers of every variant in the input.
 */
export async function writeVariants(tx: Tx, productId: number, plan: VariantPlan, input: VariantFields[]): Promise<void> {
  const updates = input.flatMap((variant, i) => {
    const row = plan.matches[i];
    const columns = columnsOf(variant, i, row ?? undefined);
    return row && !unchanged(row, columns) ? [{ id: row.id, row, columns }] : [];
  });
  // Unique catalogue numbers, GTINs and option values may move between variants of one edit: park them first.
  const moving = updates.filter(({ row, columns }) => row.modelNumber !== columns.modelNumber || row.gtin !== columns.gtin
    || optionsKey(row.options) !== optionsKey(columns.options));
  if (moving.length) {
    await tx.update(productVariants).set({
      modelNumber: sql`'#' || ${productVariants.id}`,
      gtin: null,
      options: sql`jsonb_build_object('#', ${productVariants.id})`,
    }).where(inArray(productVariants.id, moving.map((update) => update.id)));
  }
  for (const { id, columns } of updates) {
    await tx.update(productVariants).set({ ...columns, updatedAt: sql`now()` }).where(eq(productVariants.id, id));
  }
  const created = await insertVariants(tx, input.flatMap((variant, position) => (plan.matches[position] ? [] : [{ productId, variant, position }])));
  const ids = plan.matches.map((row) => row?.id ?? created.shift()!);
  const leftOut = plan.leftOut.filter((row) => row.isActive).map((row) => row.id);
  if (leftOut.length) {
    await tx.update(productVariants).set({ isActive: false, updatedAt: sql`now()` }).where(inArray(productVariants.id, leftOut));
  }
  await tx.delete(priceTiers).where(inArray(priceTiers.variantId, ids));
  await insertTiers(tx, ids, input);
  await writeVariantExtras(tx, ids, input);
}

/** Each variant's set composition and regulatory data, for the variants whose ids are given in the order of `input`. */
export async function writeVariantExtras(tx: Tx, ids: number[], input: VariantFields[]): Promise<void> {
  await writeSetComponents(tx, input.map((variant, i) => ({ variantId: ids[i], components: variant.components })));
  await writeRegulatory(tx, input.map((variant, i) => ({ variantId: ids[i], regulatory: variant.regulatory })));
}

/** A new variant: its product, its fields and its place among the product's variants. */
export interface NewVariant {
  productId: number;
  variant: VariantFields;
  position: number;
}

/** Adds variants, each with an empty stock record, in two statements; returns their ids in the order given. */
export async function insertVariants(tx: Tx, variants: NewVariant[]): Promise<number[]> {
  if (variants.length === 0) return [];
  const rows = await tx.insert(productVariants)
    .values(variants.map(({ productId, variant, position }) => ({ productId, ...columnsOf(variant, position) })))
    .returning({ id: productVariants.id, modelNumber: productVariants.modelNumber });
  // Catalogue numbers are unique: they tell which row is which, whatever order the rows come back in.
  const idOf = new Map(rows.map((row) => [row.modelNumber, row.id]));
  const ids = variants.map(({ variant }) => idOf.get(variant.model_number)!);
  await tx.insert(inventoryItems).values(ids.map((variantId) => ({ variantId, lowStockThreshold: defaultLowStockThreshold(0) })));
  return ids;
}

/** Adds the tiers of the variants whose ids are given in the same order as `input`. */
export async function insertTiers(tx: Tx, ids: number[], input: VariantFields[]): Promise<void> {
  const tiers = input.flatMap((variant, i) => variant.tiers.map((tier) => ({
    variantId: ids[i], minQuantity: tier.min_quantity, unitPriceCents: decimalToCents(tier.price),
  })));
  if (tiers.length) await tx.insert(priceTiers).values(tiers);
}
