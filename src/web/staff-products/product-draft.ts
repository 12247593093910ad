import { z } from 'zod';
import { productInput, type ProductStatus, type StaffProduct } from '#contracts/staff-products';
import type { OptionTranslations } from '#contracts/translated-names';
import type { SetComponentRole, StaffSetComponent } from '#contracts/instrument-sets';
import type { DeviceUse, MriSafety, Sterility, VariantRegulatoryFields } from '#contracts/regulatory';

/** A component of a set as the editor holds it: the quantity as typed, and what the component is (shown, never sent). */
export interface ComponentDraft {
  variant_id: number;
  quantity: string;
  role: SetComponentRole;
  /** The replaced component's variant id, '' for none. */
  replaces_variant_id: string;
  is_container: boolean;
  product_name: string;
  model_number: string;
  label: string;
  available_stock: number;
}

/** A variant's regulatory data as the editor holds it: '' where nothing is chosen or entered. */
export interface RegulatoryDraft {
  gmdn_code: string;
  sterility: Sterility | '';
  use: DeviceUse | '';
  mri_safety: MriSafety;
  contains_latex: '' | 'yes' | 'no';
  direct_marking_di: string;
  eifu_url: string;
  eifu_version: string;
  conformity_document_id: string;
  certificate_document_id: string;
}

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
  components: ComponentDraft[];
  regulatory: RegulatoryDraft;
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
  unspsc: string;
  country_of_origin: string;
  private_label_moq: string;
  options: { name: string; values: string[]; translations: OptionTranslations }[];
  variants: VariantDraft[];
}

export const blankRegulatory = (): RegulatoryDraft => ({
  gmdn_code: '', sterility: '', use: '', mri_safety: 'not_evaluated', contains_latex: '', direct_marking_di: '', eifu_url: '', eifu_version: '',
  conformity_document_id: '', certificate_document_id: '',
});

export const blankVariant = (options: Record<string, string> = {}): VariantDraft => ({
  options, model_number: '', gtin: '', price: '', original_price: '', weight_grams: '', is_active: true, tiers: [], available_stock: null,
  components: [], regulatory: blankRegulatory(),
});

export const componentDraftOf = (component: StaffSetComponent): ComponentDraft => ({
  ...component,
  quantity: String(component.quantity),
  replaces_variant_id: component.replaces_variant_id === null ? '' : String(component.replaces_variant_id),
});

const regulatoryDraftOf = (data: VariantRegulatoryFields | null): RegulatoryDraft => (data ? {
  ...data,
  sterility: data.sterility ?? '',
  use: data.use ?? '',
  contains_latex: data.contains_latex === null ? '' : data.contains_latex ? 'yes' : 'no',
  conformity_document_id: data.conformity_document_id === null ? '' : String(data.conformity_document_id),
  certificate_document_id: data.certificate_document_id === null ? '' : String(data.certificate_document_id),
} : blankRegulatory());

export const emptyDraft = (): ProductDraft => ({
  name: '', slug: '', short_description: '', description: '', brand: '', category_id: '', instrument_type: '', status: 'draft',
  restricted: false, meta_title: '', meta_description: '', certifications: [], features: [], specifications: [],
  handling: { sterile: false, single_use: false, latex_free: false, cold_chain: false }, hs_code: '', unspsc: '', country_of_origin: 'PK', private_label_moq: '', options: [],
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
  unspsc: product.unspsc,
  country_of_origin: product.country_of_origin,
  private_label_moq: product.private_label_moq === null ? '' : String(product.private_label_moq),
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
    components: variant.components.map(componentDraftOf),
    regulatory: regulatoryDraftOf(variant.regulatory),
  })),
});

const orNull = (text: string) => (text.trim() === '' ? null : text);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

const blankRegulatoryDraft = JSON.stringify(blankRegulatory());

/** Nothing entered is no regulatory data. */
const regulatoryOf = (draft: RegulatoryDraft) => (JSON.stringify({ ...blankRegulatory(), ...draft }) === blankRegulatoryDraft ? null : {
  ...draft,
  sterility: draft.sterility || null,
  use: draft.use || null,
  contains_latex: draft.contains_latex === '' ? null : draft.contains_latex === 'yes',
  conformity_document_id: numberOrNull(draft.conformity_document_id),
  certificate_document_id: numberOrNull(draft.certificate_document_id),
});

/**
 * The contract's product, read from the editor: blank optional fields as none (a blank slug is made from the name),
 * numbers as numbers, and the shown stock left behind. Problems keep the contract's paths (`variants.2.price`).
 */
export const productForm = z.preprocess((draft: ProductDraft) => ({
  ...draft,
  slug: draft.slug.trim() === '' ? undefined : draft.slug,
  category_id: Number(draft.category_id),
  features: draft.features.map((feature) => feature.text),
  private_label_moq: numberOrNull(draft.private_label_moq),
  variants: draft.variants.map(({ available_stock: _shown, ...variant }) => ({
    ...variant,
    gtin: orNull(variant.gtin),
    original_price: orNull(variant.original_price),
    weight_grams: numberOrNull(variant.weight_grams),
    tiers: variant.tiers.map((tier) => ({ min_quantity: Number(tier.min_quantity), price: tier.price })),
    components: variant.components.map((component) => ({
      variant_id: component.variant_id,
      quantity: numberOrNull(component.quantity),
      role: component.role,
      replaces_variant_id: component.role === 'alternative' ? numberOrNull(component.replaces_variant_id) : null,
      is_container: component.is_container,
    })),
    regulatory: regulatoryOf(variant.regulatory),
  })),
}), productInput);
