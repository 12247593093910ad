import { staffAccess } from '#contracts/staff-roles';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { QUOTE_STATUSES, type QuoteStatus } from '#contracts/quotes';
import { Pagination } from '../catalog/pagination.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { QuoteRow } from './quote-row.tsx';
import { staffQuotesQuery } from './quotes.api.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';

const isStatus = (value: string | null): value is QuoteStatus => QUOTE_STATUSES.includes(value as QuoteStatus);

function QuoteRequests() {
  const { t } = useTranslation('quotes');
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const quotes = useQuery(staffQuotesQuery({ page, status }));
  const hrefFor = (next: number) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(next) })}`;

  return (
    <>
      <div className="mt-6 max-w-xs">
        <SelectField
          label={t('statusFilter')}
          value={status ?? ''}
          onChange={(event) => setSearch(event.target.value ? { status: event.target.value } : {})}
          options={[{ value: '', label: t('allStatuses') }, ...QUOTE_STATUSES.map((value) => ({ value, label: t(`status_${value}`) }))]}
        />
      </div>
      <div className="mt-6">
        {quotes.isError ? (
          <ErrorState title={t('loadFailed')} error={quotes.error} onRetry={() => void quotes.refetch()} retrying={quotes.isFetching} />
        ) : quotes.isPending ? (
          <Skeleton className="h-40" />
        ) : (
          <>
            <p className="text-sm text-slate-600">{t('quotesFound', { count: quotes.data.count })}</p>
            <ul className="mt-3 space-y-3">
              {quotes.data.quotes.map((quote) => (
                <QuoteRow key={quote.id} quote={quote} to={`/staff/quotes/${quote.id}`} />
              ))}
            </ul>
            <div className="mt-6">
              <Pagination current={page} total={quotes.data.totalPages} hrefFor={hrefFor} />
            </div>
          </>
        )}
      </div>
    </>
  );
}

/** /staff/quotes: every buyer's quote requests, newest first, by status. */
export function StaffQuotesPage() {
  const { t } = useTranslation('quotes');
  return (
    <StaffOnly access={staffAccess.sales} reason={t('staffOnly')}>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <title>{t('staffPageTitle')}</title>
        <PageHeader icon={FileText} title={t('staffTitle')} intro={t('staffIntro')} />
        <QuoteRequests />
      </div>
    </StaffOnly>
  );
}
