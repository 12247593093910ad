import type { z } from 'zod';
import { gtinCheckDigit } from '#contracts/gs1';
import { decimalToCents } from '#contracts/money';
import type { productInput } from '#contracts/staff-products';
import type { FieldErrors } from '../lib/errors.ts';
import {
  CATALOGUE_NUMBER_TWICE, chooseOptionValue, GTIN_CHECK_DIGIT, GTIN_TWICE, notAnOption, notOptionValue, OPTION_NAME_TWICE,
  OPTION_VALUE_TWICE, ORIGINAL_PRICE_NOT_ABOVE, SPECIFICATION_TWICE, TIER_PRICE_NOT_BELOW, TIER_PRICE_NOT_CHEAPER,
  TIER_QUANTITY_NOT_ABOVE, VARIANT_TWICE, VARIANT_VALUES_TWICE,
} from './product-problems.ts';

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
    add(errors, `options.${i}.name`, OPTION_NAME_TWICE);
  }
  product.options.forEach((option, i) => {
    if (repeats(option.values, (value) => value.toLowerCase()).length) add(errors, `options.${i}.values`, OPTION_VALUE_TWICE);
  });
}

function checkVariantOptions(product: ProductFields, variant: VariantFields, i: number, errors: FieldErrors): void {
  const declared = new Map(product.options.map((option) => [option.name, option.values]));
  const field = `variants.${i}.options`;
  for (const [name, values] of declared) {
    const value = variant.options[name];
    if (value === undefined) add(errors, field, chooseOptionValue(name));
    else if (!values.includes(value)) add(errors, field, notOptionValue(value, name));
  }
  for (const name of Object.keys(variant.options)) {
    if (!declared.has(name)) add(errors, field, notAnOption(name));
  }
}

function checkPrices(variant: VariantFields, i: number, errors: FieldErrors): void {
  const price = decimalToCents(variant.price);
  if (variant.original_price != null && decimalToCents(variant.original_price) <= price) {
    add(errors, `variants.${i}.original_price`, ORIGINAL_PRICE_NOT_ABOVE);
  }
  variant.tiers.forEach((tier, t) => {
    const field = `variants.${i}.tiers.${t}`;
    const tierPrice = decimalToCents(tier.price);
    if (tierPrice >= price) add(errors, `${field}.price`, TIER_PRICE_NOT_BELOW);
    const previous = variant.tiers[t - 1];
    if (!previous) return;
    if (tier.min_quantity <= previous.min_quantity) add(errors, `${field}.min_quantity`, TIER_QUANTITY_NOT_ABOVE);
    if (tierPrice >= decimalToCents(previous.price)) add(errors, `${field}.price`, TIER_PRICE_NOT_CHEAPER);
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
    add(errors, `specifications.${i}.key`, SPECIFICATION_TWICE);
  }
  product.variants.forEach((variant, i) => {
    checkVariantOptions(product, variant, i, errors);
    checkPrices(variant, i, errors);
    if (variant.gtin && !validGtin(variant.gtin)) add(errors, `variants.${i}.gtin`, GTIN_CHECK_DIGIT);
  });
  for (const i of repeats(product.variants, (variant) => optionsKey(variant.options))) {
    add(errors, `variants.${i}.options`, VARIANT_VALUES_TWICE);
  }
  for (const i of repeats(product.variants, (variant) => variant.model_number.toLowerCase())) {
    add(errors, `variants.${i}.model_number`, CATALOGUE_NUMBER_TWICE);
  }
  for (const i of repeats(product.variants, (variant) => (variant.gtin ? gtin14(variant.gtin) : null))) {
    add(errors, `variants.${i}.gtin`, GTIN_TWICE);
  }
  for (const i of repeats(product.variants, (variant) => (variant.id === undefined ? null : String(variant.id)))) {
    add(errors, `variants.${i}.id`, VARIANT_TWICE);
  }
  return errors;
}
