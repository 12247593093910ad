import { useTranslation } from 'react-i18next';

const LABELLED = [
  'name', 'slug', 'short_description', 'description', 'brand', 'category_id', 'instrument_type', 'status', 'restricted', 'meta_title',
  'meta_description', 'certifications', 'features', 'specifications', 'handling', 'hs_code', 'unspsc', 'country_of_origin', 'options', 'variants', 'images',
  'redirects',
] as const;
type Labelled = (typeof LABELLED)[number];

const isLabelled = (field: string): field is Labelled => (LABELLED as readonly string[]).includes(field);

/** A product field's name in the visitor's language, as a conflict or the history names it; an unknown field keeps its own. */
export function useProductFieldLabel(): (field: string) => string {
  const { t } = useTranslation('staff-products');
  return (field) => (isLabelled(field) ? t(`fields.${field}`) : field);
}
