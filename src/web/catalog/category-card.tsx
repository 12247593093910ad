import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight, Stethoscope } from 'lucide-react';
import type { Category } from '#contracts/catalog';
import { DataText } from '../components/ui/data-text.tsx';
import { useCategoryText } from '../i18n/translated.ts';

export function CategoryCard({ category, to }: { category: Category; to: string }) {
  const { t } = useTranslation('catalog');
  const { name, description } = useCategoryText()(category);
  return (
    <Link
      to={to}
      className="group flex h-full overflow-hidden sm:flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md motion-reduce:hover:translate-y-0"
    >
      <div className="w-28 shrink-0 overflow-hidden bg-gradient-to-br from-slate-50 to-brand-50 sm:aspect-[4/3] sm:w-auto">
        {category.image ? (
          <img
            src={category.image}
            alt={t('categoryImage', { name })}
            loading="lazy"
            width={400}
            height={300}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105 motion-reduce:group-hover:scale-100"
          />
        ) : (
          // A category staff created without a picture: a plain tile, not an <img src=""> that fetches the page again.
          <div aria-hidden="true" className="flex h-full min-h-20 w-full items-center justify-center text-brand-300">
            <Stethoscope className="h-10 w-10" />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
        <DataText as="h3" className="font-semibold sm:text-lg text-slate-900 group-hover:text-brand-800">{name}</DataText>
        <DataText as="p" className="mt-1.5 line-clamp-2 text-sm text-slate-600">{description}</DataText>
        <div className="mt-auto flex items-center justify-between pt-3 text-sm sm:pt-4">
          <span className="font-medium text-slate-500">{t('productCount', { count: category.product_count })}</span>
          <ArrowRight aria-hidden="true" className="h-4 w-4 text-brand-700 transition group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5 rtl:-scale-x-100" />
        </div>
      </div>
    </Link>
  );
}
