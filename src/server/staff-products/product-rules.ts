import type { z } from 'zod';
import { gtinCheckDigit } from '#contracts/gs1';
import { decimalToCents } from '#contracts/money';
import type { productInput } from '#contracts/staff-products';
import type { FieldErrors } from '../lib/errors.ts';

export type ProductFields = z.output<typeof productInput>;
export type VariantFields = ProductFields['variants'][number];

/** Options as one comparable key, whatever order their names come in. */
export const optionsKey = (options: Record<string, string>): string =>
  JSON.stringify(Object.keys(options).sort().map((name) => [name, options[name]]));

/** A GTIN-8/12/13 is the GTIN-14 with leading zeros: the form compared and check-digited. */
export const gtin14 = (gtin: string): string => gtin.padStart(14, '0');

export const validGtin = (gtin: string): boolean => {
  const padded = gtin14(gtin);
  return gtinCheckDigit(padded.slice(0, 13)) === Number(padded[13]);
};

const add = (errors: FieldErrors, field: string, message: string) => {
  if (!errors[field]?.includes(message)) (errors[field] ??= []).push(message);
};

/** Indexes of entries whose key an entry before them already has; entries without a key (null) are skipped. */
function repeats<T>(items: readonly T[], key: (item: T) => string | null): number[] {
  const seen = new Set<string>();
  return items.flatMap((item, i) => {
    const k = key(item);
    if (k === null) return [];
    if (seen.has(k)) return [i];
    seen.add(k);
    return [];
  });
}

function checkOptions(product: ProductFields, errors: FieldErrors): void {
  for (const i of repeats(product.options, (option) => option.name.toLowerCase())) {
    add(errors, `options.${i}.name`, 'Another option has this name.');
  }
  product.options.forEach((option, i) => {
    if (repeats(option.values, (value) => value.toLowerCase()).length) add(errors, `options.${i}.values`, 'Give each value once.');
  });
}

function checkVariantOptions(product: ProductFields, variant: VariantFields, i: number, errors: FieldErrors): void {
  const declared = new Map(product.options.map((option) => [option.name, option.values]));
  const field = `variants.${i}.options`;
  for (const [name, values] of declared) {
    const value = variant.options[name];
    if (value === undefined) add(errors, field, `Choose a value of ${name}.`);
    else if (!values.includes(value)) add(errors, field, `${value} is not a value of ${name}.`);
  }
  for (const name of Object.keys(variant.options)) {
    if (!declared.has(name)) add(errors, field, `${name} is not an option of this product.`);
  }
}

function checkPrices(variant: VariantFields, i: number, errors: FieldErrors): void {
  const price = decimalToCents(variant.price);
  if (variant.original_price != null && decimalToCents(variant.original_price) <= price) {
    add(errors, `variants.${i}.original_price`, 'The original price must be above the price.');
  }
  variant.tiers.forEach((tier, t) => {
    const field = `variants.${i}.tiers.${t}`;
    const tierPrice = decimalToCents(tier.price);
    if (tierPrice >= price) add(errors, `${field}.price`, 'A tier price must be below the variant price.');
    const previous = variant.tiers[t - 1];
    if (!previous) return;
    if (tier.min_quantity <= previous.min_quantity) add(errors, `${field}.min_quantity`, 'Each tier needs more units than the one before.');
    if (tierPrice >= decimalToCents(previous.price)) add(errors, `${field}.price`, 'Each tier must be cheaper than the one before.');
  });
}

/**
 * The rules between fields that the contract's schema cannot state: variants that match the options, unique option
 * value combinations and catalogue numbers within the product, GTIN check digits, prices and tiers. Field keys follow
 * the body (`variants.2.model_number`).
 */
export function productRuleErrors(product: ProductFields): FieldErrors {
  const errors: FieldErrors = {};
  checkOptions(product, errors);
  for (const i of repeats(product.specifications, (spec) => spec.key.toLowerCase())) {
    add(errors, `specifications.${i}.key`, 'Another specification has this name.');
  }
  product.variants.forEach((variant, i) => {
    checkVariantOptions(product, variant, i, errors);
    checkPrices(variant, i, errors);
    if (variant.gtin && !validGtin(variant.gtin)) add(errors, `variants.${i}.gtin`, 'The GTIN check digit is wrong.');
  });
  for (const i of repeats(product.variants, (variant) => optionsKey(variant.options))) {
    add(errors, `variants.${i}.options`, 'Another variant has the same values.');
  }
  for (const i of repeats(product.variants, (variant) => variant.model_number.toLowerCase())) {
    add(errors, `variants.${i}.model_number`, 'Another variant has this catalogue number.');
  }
  for (const i of repeats(product.variants, (variant) => (variant.gtin ? gtin14(variant.gtin) : null))) {
    add(errors, `variants.${i}.gtin`, 'Another variant has this GTIN.');
  }
  for (const i of repeats(product.variants, (variant) => (variant.id === undefined ? null : String(variant.id)))) {
    add(errors, `variants.${i}.id`, 'This variant is listed twice.');
  }
  return errors;
}
