/**
 * UNSPSC (United Nations Standard Products and Services Code) family codes of the shop's categories: what a product
 * is classified as until staff give it a more precise commodity code. Migration 0044 filled existing products with
 * the same mapping.
 */
const FAMILY_BY_CATEGORY: Record<string, string> = {
  sterilization: '42280000',
  dental: '42150000',
  'diagnostic-equipment': '42180000',
};

/** Surgical products (42290000) unless the category is one of the families above. */
export const SURGICAL_PRODUCTS_FAMILY = '42290000';

export const defaultUnspsc = (categorySlug: string): string => FAMILY_BY_CATEGORY[categorySlug] ?? SURGICAL_PRODUCTS_FAMILY;
