import { staffAccess } from '#contracts/staff-roles';
import { useTranslation } from 'react-i18next';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { ORGANISATION_STATUSES, type StaffOrganisationsQuery } from '#contracts/organisations';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { FilterChips } from '../components/ui/filter-chips.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { staffOrganisationsQuery } from './organisations.api.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { OrganisationStatusBadge } from './status-badge.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { StepPager } from '../components/ui/step-pager.tsx';

type StatusFilter = NonNullable<StaffOrganisationsQuery['status']>;

function OrganisationList() {
  const { t } = useTranslation('organisations');
  const f = useFormat();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const list = useQuery(staffOrganisationsQuery({ status, page, search: deferredSearch || undefined }));
  const totalPages = list.data?.totalPages ?? 1;
  const filters: { value: StatusFilter; label: string }[] = [
    ...ORGANISATION_STATUSES.map((value) => ({ value, label: t(`status_${value}`) })),
    { value: 'all', label: t('filterAll') },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('staffPageTitle')}</title>
      <PageHeader icon={Building2} title={t('staffHeading')} intro={t('staffIntro')} />

      <div className="mt-6 max-w-md">
        <TextField
          label={t('searchLabel')}
          type="search"
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={(event) => { setSearch(event.target.value); setPage(1); }}
        />
      </div>
      <FilterChips label={t('filterLabel')} options={filters} value={status} className="mt-4"
        onChange={(value) => { setStatus(value); setPage(1); }} />

      {list.isError ? (
        <div className="mt-6"><ErrorState title={t('staffLoadFailed')} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} /></div>
      ) : list.isPending ? (
        <p role="status" className="mt-6 text-sm text-slate-600">{t('loading')}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600">{t('organisationsFound', { count: list.data.count })}</p>
          {list.data.organisations.length === 0 ? (
            <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{t('noOrganisations')}</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {list.data.organisations.map((organisation) => (
                <li key={organisation.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      {organisation.name} <OrganisationStatusBadge status={organisation.status} />
                    </p>
                    <p className="mt-1 text-sm text-slate-600">
                      {t('licence')}: <span dir="ltr">{organisation.licence_number}</span> · {t('buyer')}: {organisation.buyer.name}{' '}
                      <span className="break-all">({organisation.buyer.email})</span>
                    </p>
                    <p className="text-xs text-slate-500">{t('submitted')}: {f.date(organisation.submitted_at)}</p>
                  </div>
                  <Link
                    to={`/staff/organisations/${organisation.id}`}
                    aria-label={`${t('open')}: ${organisation.name}`}
                    className={buttonClasses({ size: 'sm' })}
                  >
                    {t('open')}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <StepPager page={page} pages={totalPages} onPage={setPage} className="mt-6 justify-center"
            texts={{ label: t('pagesLabel'), back: t('previous'), forward: t('next'), position: t('pageOf', { page, pages: totalPages }) }} />
        </>
      )}
    </div>
  );
}

/** /staff/organisations: business accounts to review and manage. */
export function StaffOrganisationsPage() {
  const { t } = useTranslation('organisations');
  return <StaffOnly access={staffAccess.customersRead} reason={t('staffOnlyText')}><OrganisationList /></StaffOnly>;
}
