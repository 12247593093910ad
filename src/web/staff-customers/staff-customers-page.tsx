import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { ACCOUNT_TYPES, seesPersonalData, type CustomerRow } from '#contracts/staff-customers';
import { staffAccess } from '#contracts/staff-roles';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Badge } from '../components/ui/badge.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { FilterChips } from '../components/ui/filter-chips.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { StepPager } from '../components/ui/step-pager.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { PageTitle } from '../layout/page-title.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { LicenceStateBadge } from './licence-state-badge.tsx';
import { customersQuery } from './staff-customers.api.ts';

type AccountFilter = (typeof ACCOUNT_TYPES)[number] | 'all';

function CustomerItem({ customer }: { customer: CustomerRow }) {
  const { t } = useTranslation('staff-customers');
  const f = useFormat();
  const title = customer.name ?? customer.organisation?.name ?? t('hiddenName');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <DataText>{title}</DataText>
          <Badge>{t(`accountType_${customer.account_type}`)}</Badge>
          {customer.deactivated && <Badge tone="danger">{t('deactivated')}</Badge>}
          <LicenceStateBadge state={customer.licence_state} />
        </p>
        {customer.email && <DataText as="p" className="mt-1 break-all text-sm text-slate-600">{customer.email}</DataText>}
        <p className="mt-1 text-sm text-slate-600">
          {t('organisation')}: {customer.organisation ? <DataText>{customer.organisation.name}</DataText> : t('noOrganisation')}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {t('orders', { count: customer.orders_count })}
          {' · '}{t('lifetimeValue')}: <span className="font-semibold text-slate-900">{f.money(customer.lifetime_value, 'USD')}</span>
          {' · '}{customer.last_order_at ? `${t('lastOrder')}: ${f.date(customer.last_order_at)}` : t('neverOrdered')}
        </p>
      </div>
      <Link to={`/staff/customers/${customer.id}`} aria-label={`${t('open')}: ${title}`} className={buttonClasses({ size: 'sm' })}>
        {t('open')}
      </Link>
    </li>
  );
}

function CustomerList() {
  const { t } = useTranslation('staff-customers');
  const { user } = useCurrentUser();
  const personal = seesPersonalData(user?.staffRole);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const deferredSearch = useDeferredValue(search.trim());
  const page = Math.max(Number(params.get('page')) || 1, 1);
  const accountType = (ACCOUNT_TYPES as readonly string[]).includes(params.get('type') ?? '') ? params.get('type') as AccountFilter : 'all';
  const list = useQuery(customersQuery({
    search: deferredSearch || undefined, page, account_type: accountType === 'all' ? undefined : accountType,
  }));
  const totalPages = list.data?.totalPages ?? 1;

  /** Keeps the search, page and filter in the address, so that coming back from a customer finds the list as it was. */
  const update = (changes: Record<string, string | null>) => setParams((current) => {
    const next = new URLSearchParams(current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return next;
  }, { replace: true });
  const filters: { value: AccountFilter; label: string }[] = [
    { value: 'all', label: t('filterAll') },
    ...ACCOUNT_TYPES.map((value) => ({ value, label: t(`accountType_${value}`) })),
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle>{t('pageTitle')}</PageTitle>
      <PageHeader icon={Users} title={t('heading')} intro={t('intro')} />

      <div className="mt-6 max-w-md">
        <TextField
          label={t('searchLabel')}
          type="search"
          placeholder={personal ? t('searchPlaceholder') : t('searchPlaceholderOrganisation')}
          hint={personal ? undefined : t('searchHintOrganisation')}
          value={search}
          onChange={(event) => { setSearch(event.target.value); update({ q: event.target.value.trim() || null, page: null }); }}
        />
      </div>
      <FilterChips label={t('filterLabel')} options={filters} value={accountType} className="mt-4"
        onChange={(value) => update({ type: value === 'all' ? null : value, page: null })} />

      {list.isError ? (
        <div className="mt-6"><ErrorState title={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} /></div>
      ) : list.isPending ? (
        <p role="status" className="mt-6 text-sm text-slate-600">{t('loading')}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">{t('customersFound', { count: list.data.count })}</p>
          {list.data.customers.length === 0 ? (
            <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{deferredSearch || accountType !== 'all' ? t('noCustomers') : t('noCustomersYet')}</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {list.data.customers.map((customer) => <CustomerItem key={customer.id} customer={customer} />)}
            </ul>
          )}
          <StepPager page={page} pages={totalPages} onPage={(next) => update({ page: next > 1 ? String(next) : null })} className="mt-6 justify-center"
            texts={{ label: t('pagesLabel'), back: t('previous'), forward: t('next'), position: t('pageOf', { page, pages: totalPages }) }} />
        </>
      )}
    </div>
  );
}

/** /staff/customers: the shop's buyers, searched and paged, for every staff role. */
export function StaffCustomersPage() {
  const { t } = useTranslation('staff-customers');
  return <StaffOnly access={staffAccess.allStaff} reason={t('staffOnly')}><CustomerList /></StaffOnly>;
}
