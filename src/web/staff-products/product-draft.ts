import { z } from 'zod';
import { productInput, type ProductStatus, type StaffProduct } from '#contracts/staff-products';
import type { OptionTranslations } from '#contracts/translated-names';

/** A variant as the editor holds it: every number as typed, and its stock (shown, never sent). */
export interface VariantDraft {
  id?: number;
  options: Record<string, string>;
  model_number: string;
  gtin: string;
  price: string;
  original_price: string;
  weight_grams: string;
  is_active: boolean;
  tiers: { min_quantity: string; price: string }[];
  available_stock: number | null;
}

/** A product as the editor holds it: the category as the select gives it, features as rows. */
export interface ProductDraft {
  name: string;
  slug: string;
  short_description: string;
  description: string;
  brand: string;
  category_id: string;
  instrument_type: string;
  status: ProductStatus;
  restricted: boolean;
  meta_title: string;
  meta_description: string;
  certifications: string[];
  features: { text: string }[];
  specifications: { key: string; value: string }[];
  handling: { sterile: boolean; single_use: boolean; latex_free: boolean; cold_chain: boolean };
  hs_code: string;
  country_of_origin: string;
  options: { name: string; values: string[]; translations: OptionTranslations }[];
  variants: VariantDraft[];
}

export const blankVariant = (options: Record<string, string> = {}): VariantDraft => ({
  options, model_number: '', gtin: '', price: '', original_price: '', weight_grams: '', is_active: true, tiers: [], available_stock: null,
});

export const emptyDraft = (): ProductDraft => ({
  name: '', slug: '', short_description: '', description: '', brand: '', category_id: '', instrument_type: '', status: 'draft',
  restricted: false, meta_title: '', meta_description: '', certifications: [], features: [], specifications: [],
  handling: { sterile: false, single_use: false, latex_free: false, cold_chain: false }, hs_code: '', country_of_origin: 'PK', options: [],
  variants: [blankVariant()],
});

export const draftOf = (product: StaffProduct): ProductDraft => ({
  name: product.name,
  slug: product.slug,
  short_description: product.short_description,
  description: product.description,
  brand: product.brand,
  category_id: String(product.category_id),
  instrument_type: product.instrument_type,
  status: product.status,
  restricted: product.restricted,
  meta_title: product.meta_title,
  meta_description: product.meta_description,
  certifications: product.certifications,
  features: product.features.map((text) => ({ text })),
  specifications: product.specifications,
  handling: product.handling,
  hs_code: product.hs_code,
  country_of_origin: product.country_of_origin,
  options: product.options,
  variants: product.variants.map((variant) => ({
    id: variant.id,
    options: variant.options,
    model_number: variant.model_number,
    gtin: variant.gtin ?? '',
    price: variant.price,
    original_price: variant.original_price ?? '',
    weight_grams: variant.weight_grams === null ? '' : String(variant.weight_grams),
    is_active: variant.is_active,
    tiers: variant.tiers.map((tier) => ({ min_quantity: String(tier.min_quantity), price: tier.price })),
    available_stock: variant.available_stock,
  })),
});

const orNull = (text: string) => (text.trim() === '' ? null : text);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The contract's product, read from the editor: blank optional fields as none (a blank slug is made from the name),
 * numbers as numbers, and the shown stock left behind. Problems keep the contract's paths (`variants.2.price`).
 */
export const productForm = z.preprocess((draft: ProductDraft) => ({
  ...draft,
  slug: draft.slug.trim() === '' ? undefined : draft.slug,
  category_id: Number(draft.category_id),
  features: draft.features.map((feature) => feature.text),
  variants: draft.variants.map(({ available_stock: _shown, ...variant }) => ({
    ...variant,
    gtin: orNull(variant.gtin),
    original_price: orNull(variant.original_price),
    weight_grams: numberOrNull(variant.weight_grams),
    tiers: variant.tiers.map((tier) => ({ min_quantity: Number(tier.min_quantity), price: tier.price })),
  })),
}), productInput);
