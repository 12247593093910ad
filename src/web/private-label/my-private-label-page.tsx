import { useTranslation } from 'react-i18next';
import { PageTitle } from '../layout/page-title.tsx';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Plus, Stamp } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { myOrganisationQuery } from '../organisations/organisations.api.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { myRequestsQuery } from './private-label.api.ts';
import { PrivateLabelStatusBadge } from './private-label-parts.tsx';

/** Whether the signed-in buyer belongs to a verified organisation, who may use private label. */
export function useVerifiedBuyer(): boolean {
  const { user } = useCurrentUser();
  const business = user?.accountType === 'business';
  const { data } = useQuery({ ...myOrganisationQuery(), enabled: business });
  return business && data?.status === 'verified';
}

/** The profile's way to private label, for members of a verified organisation. */
export function ProfilePrivateLabelLink() {
  const { t } = useTranslation('private-label');
  if (!useVerifiedBuyer()) return null;
  return (
    <Link to="/profile/private-label"
      className="mt-4 flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:bg-brand-50/40">
      <Stamp aria-hidden="true" className="h-5 w-5 text-brand-700" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{t('myTitle')}</span>
        <span className="block text-sm text-slate-600">{t('linkIntro')}</span>
      </span>
      <ChevronRight aria-hidden="true" className="h-5 w-5 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}

function Requests() {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  const requests = useQuery(myRequestsQuery());
  if (requests.isError) return <ErrorState title={t('loadFailed')} error={requests.error} onRetry={() => void requests.refetch()} retrying={requests.isFetching} />;
  if (requests.isPending) return <Skeleton className="h-40" />;
  if (requests.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <Stamp aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
        <h2 className="mt-3 text-lg font-bold text-slate-900">{t('noRequests')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('noRequestsText')}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-3">
      {requests.data.map((request) => (
        <li key={request.id}>
          <Link to={`/profile/private-label/${request.id}`}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300">
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{request.number}</span>
              <span className="block text-sm text-slate-600">
                {request.items.map((item) => `${f.number(item.quantity)} × ${item.product_name}`).join(', ')}
              </span>
              <span className="block text-xs text-slate-500">{t('requestedOn', { date: f.date(request.created_at) })}</span>
            </span>
            <PrivateLabelStatusBadge status={request.status} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /profile/private-label: the organisation's private-label requests with their status. */
export function MyPrivateLabelPage() {
  const { t } = useTranslation('private-label');
  const verified = useVerifiedBuyer();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle>{t('myTitle')}</PageTitle>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('myTitle')}</h1>
          <p className="mt-1 text-slate-600">{t('myIntro')}</p>
        </div>
        <Link to="/profile/private-label/new" className={buttonClasses()}><Plus aria-hidden="true" className="h-4 w-4" /> {t('newRequest')}</Link>
      </div>
      {verified ? <Requests /> : <Skeleton className="h-40" />}
    </div>
  );
}
