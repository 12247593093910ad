import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../components/ui/select-field.tsx';
import { productQuery } from '../catalog/catalog.api.ts';
import { useFormat } from '../i18n/use-format.ts';

/** The size or version a line asks for, from the product's variants, for a product that has several. */
export function VariantChoice({ slug, error, ...field }: { slug: string; error?: string } & UseFormRegisterReturn) {
  const { t } = useTranslation('quotes');
  const f = useFormat();
  const product = useQuery(productQuery(slug));
  // Rendered with its options, so a size chosen on the product page shows as chosen.
  if (!product.data) return null;
  const options = (product.data?.variants ?? []).map((variant) => ({
    value: String(variant.id),
    label: t('variantOption', { label: variant.label, model: variant.model_number, price: f.price(variant.price) }),
  }));
  return (
    <div className="mt-3">
      <SelectField label={t('variant')} required defaultValue="" placeholder={t('chooseVariant')} options={options} error={error} {...field} />
    </div>
  );
}
