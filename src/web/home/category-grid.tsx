import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight, PackageOpen } from 'lucide-react';
import { categoriesQuery } from '../catalog/catalog.api.ts';
import { CategoryCard } from '../catalog/category-card.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { SectionHeading } from './section-heading.tsx';

const SKELETON_COUNT = 8;
const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-4';

function CategoryCardSkeleton() {
  return (
    <div className="flex overflow-hidden rounded-xl border border-slate-200 bg-white sm:flex-col">
      <Skeleton className="w-28 shrink-0 rounded-none sm:aspect-[4/3] sm:w-auto" />
      <div className="flex-1 space-y-3 p-4 sm:p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </div>
  );
}

export function CategoryGrid() {
  const { data: categories, error, isPending, isError, refetch, isFetching } = useQuery(categoriesQuery());
  const { t } = useTranslation('home');

  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <SectionHeading
        id="categories-heading"
        eyebrow={t('shopBySpecialty')}
        title={t('instrumentCategories')}
        text={t('categoriesText')}
        action={
          <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
            {t('viewAllCategories')} <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          </Link>
        }
      />
      <div className="mt-8">
        {isPending ? (
          <div className={GRID} role="status" aria-label={t('loadingCategories')}>
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <CategoryCardSkeleton key={i} />
            ))}
          </div>
        ) : isError ? (
          <ErrorState title={t('categoriesError')} error={error} onRetry={() => refetch()} retrying={isFetching} />
        ) : categories.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <PackageOpen aria-hidden="true" className="h-8 w-8 text-slate-400" />
            <p className="mt-3 font-medium text-slate-700">{t('noCategories')}</p>
          </div>
        ) : (
          <ul className={GRID}>
            {categories.map((category) => (
              <li key={category.id}>
                <CategoryCard category={category} to={`/products?${new URLSearchParams({ category: category.slug })}`} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
