import { staffAccess } from '#contracts/staff-roles';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Badge } from '../components/ui/badge.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { AccountPanel } from './account-panel.tsx';
import { InvoicesPanel } from './invoices-panel.tsx';
import { staffOrganisationQuery } from './organisations.api.ts';
import { PriceListPanel } from './price-list-panel.tsx';
import { ReviewPanel } from './review-panel.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { mayOpen } from '../staff/staff-pages.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { OrganisationStatusBadge } from './status-badge.tsx';

function OrganisationManagement({ id }: { id: string }) {
  const { t } = useTranslation('organisations');
  const query = useQuery(staffOrganisationQuery(id));
  const detail = query.data;
  const { user } = useCurrentUser();
  const manages = mayOpen(user, staffAccess.sales);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{detail ? `${detail.organisation.name} — ${t('staffPageTitle')}` : t('staffPageTitle')}</title>
      <Link to="/staff/organisations" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('back')}
      </Link>
      {query.isError ? (
        <div className="mt-6"><ErrorState title={t('staffLoadFailed')} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} /></div>
      ) : !detail ? (
        <Skeleton className="mt-6 h-64" />
      ) : (
        <div className="mt-4 space-y-4">
          <header className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{detail.organisation.name}</h1>
              <OrganisationStatusBadge status={detail.organisation.status} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {t('licence')}: <span dir="ltr">{detail.organisation.licence_number}</span>
            </p>
            <p className="text-sm text-slate-600">
              {t('buyer')}: {detail.organisation.buyer.name} · <span className="break-all">{detail.organisation.buyer.email}</span>{' '}
              {!detail.organisation.buyer.is_verified && <Badge tone="warning">{t('emailNotVerified')}</Badge>}
            </p>
          </header>
          {manages && <ReviewPanel organisation={detail.organisation} />}
          {!manages ? null : detail.organisation.status === 'verified' ? (
            <>
              <AccountPanel key={detail.organisation.id} organisation={detail.organisation} />
              <PriceListPanel organisationId={detail.organisation.id} rules={detail.price_list} contract={detail.organisation.price_contract} />
            </>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">{t('verifyFirst')}</p>
          )}
          <InvoicesPanel invoices={detail.invoices} readOnly={!manages} />
        </div>
      )}
    </div>
  );
}

/** /staff/organisations/:id: review, account manager, terms, price list and invoices of one organisation. */
export function StaffOrganisationPage() {
  const { t } = useTranslation('organisations');
  const { id = '' } = useParams();
  return <StaffOnly access={staffAccess.customersRead} reason={t('staffOnlyText')}><OrganisationManagement id={id} /></StaffOnly>;
}
