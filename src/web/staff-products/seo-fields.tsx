import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { Search } from 'lucide-react';
import { productInput } from '#contracts/staff-products';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import type { ProductForm } from './use-product-form.ts';

const TITLE_MAX = productInput.shape.meta_title.unwrap().maxLength ?? 70;
const DESCRIPTION_MAX = productInput.shape.meta_description.unwrap().maxLength ?? 160;

/** How a search engine is likely to show the product: its title, address and description, each as it would fall back. */
function SearchPreview({ form }: { form: ProductForm }) {
  const { t } = useTranslation('staff-products');
  const [name, slug, metaTitle, metaDescription, shortDescription] = useWatch({
    control: form.control, name: ['name', 'slug', 'meta_title', 'meta_description', 'short_description'],
  });
  return (
    <figure className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <Search aria-hidden="true" className="h-3.5 w-3.5" /> {t('searchPreview')}
      </figcaption>
      <div dir="auto" className="space-y-0.5">
        <p dir="ltr" className="truncate text-xs text-slate-600">{`${window.location.host} › products › ${slug.trim() || t('slugPlaceholder')}`}</p>
        <DataText as="p" className="line-clamp-1 text-lg text-blue-800">{metaTitle.trim() || name.trim() || t('untitled')}</DataText>
        <DataText as="p" className="line-clamp-2 text-sm text-slate-700">{metaDescription.trim() || shortDescription.trim()}</DataText>
      </div>
    </figure>
  );
}

/** The product's address and what search engines show, with the characters used of each limit. */
export function SeoFields({ form }: { form: ProductForm }) {
  const { t } = useTranslation('staff-products');
  const [metaTitle, metaDescription] = useWatch({ control: form.control, name: ['meta_title', 'meta_description'] });
  const count = (used: number, max: number) => (
    <span className={used > max ? 'font-semibold text-red-700' : undefined}>{t('characters', { used, max })}</span>
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="min-w-0 space-y-4">
        <TextField label={t('slug')} dir="ltr" placeholder={t('slugPlaceholder')} hint={t('slugHint')} {...form.register('slug')} error={form.errorText('slug')} />
        <TextField label={t('metaTitle')} dir="auto" {...form.register('meta_title')} hint={count(metaTitle.length, TITLE_MAX)} error={form.errorText('meta_title')} />
        <TextAreaField label={t('metaDescription')} dir="auto" {...form.register('meta_description')} hint={count(metaDescription.length, DESCRIPTION_MAX)}
          error={form.errorText('meta_description')} />
      </div>
      <SearchPreview form={form} />
    </div>
  );
}
