import type { ProductVariant } from '#contracts/catalog';

/**
 * The variant a product page shows: the one the link names (`?variant=`), else the first one in stock, else the first.
 * Undefined only for a product without variants.
 */
export function variantFromLink(variants: ProductVariant[], variantParam: string | null): ProductVariant | undefined {
  const named = variantParam === null ? undefined : variants.find((variant) => String(variant.id) === variantParam);
  return named ?? variants.find((variant) => variant.is_in_stock) ?? variants[0];
}

/**
 * The variant after choosing `value` for `option`, keeping the other choices where a variant has them all: the exact
 * match, else the variant with that value sharing most of the other choices (in stock first).
 */
export function variantAfterChoice(
  variants: ProductVariant[], current: ProductVariant, option: string, value: string,
): ProductVariant | undefined {
  const wanted = { ...current.options, [option]: value };
  const carrying = variants.filter((variant) => variant.options[option] === value);
  const shared = (variant: ProductVariant) => Object.entries(wanted).filter(([name, chosen]) => variant.options[name] === chosen).length;
  return [...carrying].sort((a, b) => shared(b) - shared(a) || Number(b.is_in_stock) - Number(a.is_in_stock))[0];
}

/** Whether some variant in stock carries this value of the option, given nothing else. */
export function valueInStock(variants: ProductVariant[], option: string, value: string): boolean {
  return variants.some((variant) => variant.options[option] === value && variant.is_in_stock);
}
