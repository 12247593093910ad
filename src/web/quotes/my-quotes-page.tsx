import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FileText, Plus } from 'lucide-react';
import { Pagination } from '../catalog/pagination.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { myQuotesQuery } from './quotes.api.ts';
import { QuoteRow } from './quote-row.tsx';

function MyQuotes() {
  const { t } = useTranslation('quotes');
  const [search] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const quotes = useQuery(myQuotesQuery({ page }));

  if (quotes.isError) {
    return <ErrorState title={t('loadFailed')} error={quotes.error} onRetry={() => void quotes.refetch()} retrying={quotes.isFetching} />;
  }
  if (quotes.isPending) return <Skeleton className="h-40" />;
  if (quotes.data.count === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <FileText aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
        <h2 className="mt-3 text-lg font-bold text-slate-900">{t('noQuotes')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('noQuotesText')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="space-y-3">
        {quotes.data.quotes.map((quote) => (
          <QuoteRow key={quote.id} quote={quote} to={`/profile/quotes/${quote.id}`} />
        ))}
      </ul>
      <div className="mt-6">
        <Pagination current={page} total={quotes.data.totalPages} hrefFor={(next) => `?page=${next}`} />
      </div>
    </>
  );
}

/** /profile/quotes: the business buyer's quotes with their status. */
export function MyQuotesPage() {
  const { t } = useTranslation('quotes');
  const { user } = useCurrentUser();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('myQuotesPageTitle')}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('myQuotesTitle')}</h1>
          <p className="mt-1 text-slate-600">{t('myQuotesIntro')}</p>
        </div>
        <Link to="/quotes/new" className={buttonClasses()}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {t('newRequest')}
        </Link>
      </div>
      <div className="mt-6">
        {user && user.accountType !== 'business' ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <h2 className="text-lg font-bold text-slate-900">{t('businessOnlyTitle')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('businessOnlyText')}</p>
          </div>
        ) : (
          <MyQuotes />
        )}
      </div>
    </div>
  );
}
