import { useTranslation } from 'react-i18next';
import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { productFiltersQuery, productsQuery } from './catalog.api.ts';
import { catalogHref, catalogSearchParams, parseCatalogQuery, parseView, toApiQuery, type CatalogView } from './catalog-query.ts';
import { EmptyState } from './empty-state.tsx';
import { ProductFiltersBar, type ApplyQuery } from './product-filters.tsx';
import { ProductGridSkeleton, ProductsLoadError } from './product-grid.tsx';
import { PRODUCT_RESULTS_NAMESPACES, ProductResults } from './product-results.tsx';
import { ViewToggle } from './view-toggle.tsx';
import { PageMeta } from '../seo/page-meta.tsx';

export function ProductsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // The filters' market and handling choices arrive with their data.
  const { t } = useTranslation(['catalog', 'markets', ...PRODUCT_RESULTS_NAMESPACES]);
  const search = searchParams.toString();
  const query = useMemo(() => parseCatalogQuery(new URLSearchParams(search)), [search]);
  const view = parseView(searchParams);

  const products = useQuery(productsQuery(toApiQuery(query)));
  const filters = useQuery(productFiltersQuery());

  const apply = useCallback<ApplyQuery>(
    (next, options) => navigate(catalogHref(next, view), { replace: options?.replace, preventScrollReset: true }),
    [navigate, view],
  );
  const changeView = (next: CatalogView) => navigate(catalogHref(query, next), { replace: true, preventScrollReset: true });
  const clearFilters = () => navigate(catalogHref({}, view), { preventScrollReset: true });

  const data = products.data;
  const categoryLabel = query.category && filters.data?.categories.find((c) => c.value === query.category)?.label;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageMeta
        title={`${categoryLabel ? `${categoryLabel} — ` : ''}${t('instrumentsTitle')} — ${t('shopName')}`}
        description={t('instrumentsIntro')}
        pathname="/products"
        query={[...catalogSearchParams(query)]}
      />
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('instrumentsTitle')}</h1>
          <p className="mt-1 text-slate-600">
            {t('instrumentsIntro')}
          </p>
        </div>
        <ViewToggle view={view} onChange={changeView} />
      </div>

      <div className="mt-6">
        <ProductFiltersBar query={query} view={view} filters={filters.data} onApply={apply} />
      </div>

      <div className="mt-6">
        {products.isPending ? (
          <ProductGridSkeleton view={view} label={t('loadingProducts')} />
        ) : products.isError && !data ? (
          <ProductsLoadError query={products} />
        ) : data && data.results.length === 0 ? (
          data.count > 0 ? (
            <EmptyState
              title={t('noProductsFound')}
              text={t('noSuchPage', { page: data.page, count: data.total_pages })}
              action={
                <Link to={catalogHref({ ...query, page: undefined }, view)} className={buttonClasses()}>
                  {t('firstPage')}
                </Link>
              }
            />
          ) : (
            <EmptyState
              title={t('noProductsFound')}
              text={t('noMatches')}
              action={<Button onClick={clearFilters}>{t('clearFilters')}</Button>}
            />
          )
        ) : data ? (
          <ProductResults data={data} view={view} busy={products.isPlaceholderData}
            hrefFor={(page) => catalogHref({ ...query, page }, view)} />
        ) : null}
      </div>
    </div>
  );
}
