import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { controlClasses } from '../components/ui/form-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { ApiError } from '../lib/api.ts';
import { categoryQuery, productsQuery } from './catalog.api.ts';
import { parseView, type CatalogView } from './catalog-query.ts';
import { EmptyState } from './empty-state.tsx';
import { ProductGridSkeleton, ProductsLoadError } from './product-grid.tsx';
import { PRODUCT_RESULTS_NAMESPACES, ProductResults } from './product-results.tsx';
import { ViewToggle } from './view-toggle.tsx';
import { categoryPath } from './categories-page.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { useCategoryText } from '../i18n/translated.ts';
import { HttpStatus } from '../ssr/render-response.ts';
import { JsonLd } from '../seo/json-ld.tsx';
import { PageMeta } from '../seo/page-meta.tsx';
import { useSiteOrigin } from '../seo/site.ts';
import { breadcrumbs } from '../seo/structured-data.ts';

const SEARCH_DELAY_MS = 400;

/** The category page's own state in its URL: search, page and view. */
function categorySearch(search: string, page: number, view: CatalogView): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page > 1) params.set('page', String(page));
  if (view === 'list') params.set('view', 'list');
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function CategoryPage() {
  const { slug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search')?.trim().slice(0, 200) ?? '';
  const pageParam = Number(searchParams.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const view = parseView(searchParams);
  const { t } = useTranslation(['catalog', ...PRODUCT_RESULTS_NAMESPACES]);
  const categoryText = useCategoryText();
  const origin = useSiteOrigin();

  const [text, setText] = useState(search);
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (search !== text.trim()) setText(search);
  }

  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(
      () => setSearchParams(categorySearch(text.trim(), 1, view), { replace: true, preventScrollReset: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text, search, view, setSearchParams]);

  const category = useQuery(categoryQuery(slug));
  const products = useQuery({
    ...productsQuery({ category: slug, search: search || undefined, page: page > 1 ? page : undefined }),
    enabled: category.isSuccess,
  });

  if (category.error instanceof ApiError && category.error.status === 404) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <HttpStatus status={404} />
        <title>{`${t('categoryNotFound')} — ${t('shopName')}`}</title>
        <EmptyState
          title={t('categoryNotFound')}
          text={t('categoryGone')}
          action={
            <Link to="/categories" className={buttonClasses()}>
              {t('browseAllCategories')}
            </Link>
          }
        />
      </div>
    );
  }

  const data = products.data;
  const texts = category.data && categoryText(category.data);
  const crumbs = texts && [{ label: t('home'), to: '/' }, { label: t('categories'), to: '/categories' }, { label: texts.name }];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      {category.data && texts && crumbs && (
        <>
          <PageMeta
            title={`${texts.name} — ${t('shopName')}`}
            description={texts.description || t('categoriesIntro')}
            pathname={categoryPath(category.data.slug)}
            query={[['search', search], ['page', page > 1 ? page : undefined]]}
            image={category.data.image || undefined}
          />
          <JsonLd data={breadcrumbs(origin, crumbs)} />
        </>
      )}
      {crumbs ? <Breadcrumb items={crumbs} /> : <Skeleton className="h-5 w-56" />}

      {category.isError ? (
        <div className="mt-6">
          <ErrorState title={t('categoryError')} error={category.error} onRetry={() => category.refetch()} retrying={category.isFetching} />
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
            <div className="max-w-3xl">
              {category.data && texts ? (
                <>
                  <DataText as="h1" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{texts.name}</DataText>
                  <DataText as="p" className="mt-1 text-slate-600">{texts.description}</DataText>
                  <p className="mt-1 text-sm font-medium text-slate-500">{t('productCount', { count: category.data.product_count })}</p>
                </>
              ) : (
                <div className="space-y-2">
                  <Skeleton className="h-8 w-64" />
                  <Skeleton className="h-4 w-96 max-w-full" />
                </div>
              )}
            </div>
            <div className="flex items-center gap-3">
              <form
                role="search"
                className="relative flex-1 md:w-72"
                onSubmit={(event) => {
                  event.preventDefault();
                  setSearchParams(categorySearch(text.trim(), 1, view), { preventScrollReset: true });
                }}
              >
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
                <input
                  type="search"
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  placeholder={t('searchInCategoryPlaceholder')}
                  aria-label={t('searchInCategory')}
                  autoComplete="off"
                  className={controlClasses(false, 'h-10 ps-9')}
                />
              </form>
              <ViewToggle
                view={view}
                onChange={(next) => setSearchParams(categorySearch(search, page, next), { replace: true, preventScrollReset: true })}
              />
            </div>
          </div>

          <div className="mt-6">
            {category.isPending || products.isPending ? (
              <ProductGridSkeleton view={view} label={t('loadingProducts')} />
            ) : products.isError && !data ? (
              <ProductsLoadError query={products} />
            ) : data && data.results.length === 0 ? (
              <EmptyState
                title={t('noProductsInCategory')}
                text={search ? t('nothingMatches', { search }) : undefined}
                action={
                  <div className="flex flex-wrap justify-center gap-3">
                    {search && (
                      <Button variant="secondary" onClick={() => setSearchParams(categorySearch('', 1, view), { preventScrollReset: true })}>
                        {t('clearSearch')}
                      </Button>
                    )}
                    <Link to="/categories" className={buttonClasses()}>
                      {t('browseAllCategories')}
                    </Link>
                  </div>
                }
              />
            ) : data ? (
              <ProductResults data={data} view={view} busy={products.isPlaceholderData}
                hrefFor={(p) => `/categories/${encodeURIComponent(slug)}${categorySearch(search, p, view)}`} />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
