import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MatchType, SearchResult } from '#contracts/search';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { EmptyState } from '../catalog/empty-state.tsx';
import { productPath } from '../catalog/product-card.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { searchQuery } from './search.api.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useTranslated } from '../i18n/translated.ts';
import { DataText } from '../components/ui/data-text.tsx';

const BADGES: Record<MatchType, { label: 'exact' | 'aiMatch' | 'similarSpelling'; tone: 'success' | 'brand' | 'warning' }> = {
  exact: { label: 'exact', tone: 'success' },
  semantic: { label: 'aiMatch', tone: 'brand' },
  fuzzy: { label: 'similarSpelling', tone: 'warning' },
};

function ResultCard({ result }: { result: SearchResult }) {
  const badge = BADGES[result.matchType];
  const { t } = useTranslation('search');
  const { price } = useFormat();
  const categoryName = useTranslated();
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300">
      <ProductImage src={result.image} alt="" className="h-20 w-20 shrink-0 rounded-lg object-contain" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={badge.tone}>{t(badge.label)}</Badge>
          <DataText as="span" className="text-xs text-slate-500">{categoryName(result.category, result.category_translations)}</DataText>
        </div>
        <Link to={productPath(result.slug, result.variantId)} className="mt-1 block font-semibold text-slate-900 hover:text-brand-700">
          <bdi>{result.name}</bdi>
        </Link>
        <p className="mt-0.5 text-xs text-slate-600">
          <span className="sr-only">{t('brand')}: </span>
          <bdi>{result.brand}</bdi> · <span className="sr-only">{t('model')}: </span>
          <bdi className="font-mono">{result.modelNumber}</bdi>
        </p>
        {result.highlights.map((fragment) => (
          // The server escaped every fragment before adding <mark>, so this HTML holds no markup but the marks.
          // In the catalogue's own direction, so that an English sentence keeps its full stop at its end in Urdu and Arabic.
          <p key={fragment} dir="auto" className="mt-1 text-sm text-slate-600 [&_mark]:rounded [&_mark]:bg-amber-100 [&_mark]:px-0.5"
            dangerouslySetInnerHTML={{ __html: fragment }} />
        ))}
      </div>
      <p className="shrink-0 font-semibold text-slate-900">{price(result.price)}</p>
    </li>
  );
}

export function SearchResultsPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const search = useQuery(searchQuery(query));
  const announced = useRef<unknown>(null);
  const { t } = useTranslation('search');

  useEffect(() => {
    if (!search.data || announced.current === search.data) return;
    announced.current = search.data;
    // The true number of matches, not just the page of them shown ('Showing 20 of 135').
    const count = search.data.total;
    const semantic = search.data.results.some((r) => r.matchType === 'semantic');
    notify.success(t('completed'), semantic ? t('foundSemantic', { count }) : t('found', { count }));
  }, [search.data, t]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <title>{query ? `${t('resultsFor', { query })} — ${t('pageTitle')}` : t('pageTitle')}</title>
      <h1 className="text-2xl font-bold text-slate-900">{query ? t('resultsFor', { query }) : t('search')}</h1>
      {!query && <p className="mt-4 text-slate-600">{t('typeSomething')}</p>}
      {search.isPending && query && (
        <ul aria-label={t('loadingResults')} className="mt-6 space-y-3">
          {Array.from({ length: 4 }, (_, i) => <li key={i}><Skeleton className="h-28 w-full" /></li>)}
        </ul>
      )}
      {search.isError && (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{t('unavailable')}</p>
          <Button className="mt-3" variant="secondary" onClick={() => void search.refetch()}>{t('tryAgain')}</Button>
        </div>
      )}
      {search.data && (search.data.results.length === 0
        ? <div className="mt-6"><EmptyState title={t('noProducts')} text={t('tryOtherWords')} /></div>
        : (
          <>
            <p className="mt-2 text-sm text-slate-600">
              {t('showing', { shown: search.data.results.length, count: search.data.total })}
            </p>
            <ul aria-label={t('results')} className="mt-4 space-y-3">
              {search.data.results.map((result) => <ResultCard key={result.id} result={result} />)}
            </ul>
          </>
        ))}
    </div>
  );
}
