import { useTranslation } from 'react-i18next';
import { useContractForm } from '../forms/use-contract-form.ts';
import { productForm, type ProductDraft } from './product-draft.ts';

/** The editor's form: checked by the contract's product schema, a missing category named as such. */
export function useProductForm(defaultValues: ProductDraft) {
  const { t } = useTranslation('staff-products');
  return useContractForm(productForm, { defaultValues, overrides: { category_id: t('chooseCategoryError') } });
}

export type ProductForm = ReturnType<typeof useProductForm>;
