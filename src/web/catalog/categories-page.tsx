import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PackageOpen } from 'lucide-react';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { categoriesQuery } from './catalog.api.ts';
import { CategoryCard } from './category-card.tsx';
import { PageMeta } from '../seo/page-meta.tsx';

const SKELETON_COUNT = 8;
const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-4';

export const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;

export function CategoriesPage() {
  const categories = useQuery(categoriesQuery());
  const { t } = useTranslation('catalog');

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageMeta title={`${t('categories')} — ${t('shopName')}`} description={t('categoriesIntro')} pathname="/categories" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('categories')}</h1>
      <p className="mt-1 max-w-2xl text-slate-600">
        {t('categoriesIntro')}
      </p>
      <div className="mt-8">
        {categories.isPending ? (
          <div role="status" aria-label={t('loadingCategories')} className={GRID}>
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <div key={i} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                <Skeleton className="aspect-[4/3] rounded-none" />
                <div className="space-y-3 p-5">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ) : categories.isError ? (
          <ErrorState title={t('categoriesError')} error={categories.error} onRetry={() => categories.refetch()} retrying={categories.isFetching} />
        ) : categories.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <PackageOpen aria-hidden="true" className="h-8 w-8 text-slate-400" />
            <p className="mt-3 font-medium text-slate-700">{t('noCategories')}</p>
          </div>
        ) : (
          <ul className={GRID}>
            {categories.data.map((category) => (
              <li key={category.id}>
                <CategoryCard category={category} to={categoryPath(category.slug)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
