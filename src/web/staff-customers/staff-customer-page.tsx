import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { CustomerDetail } from '#contracts/staff-customers';
import { staffAccess } from '#contracts/staff-roles';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Badge } from '../components/ui/badge.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { PageTitle } from '../layout/page-title.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { mayOpen } from '../staff/staff-pages.ts';
import { CustomerNoteForm } from './customer-note-form.tsx';
import { LicenceSection, OrdersSection, OrganisationsSection, ProfileSection, ReturnsSection, Section } from './customer-sections.tsx';
import { LicenceStateBadge } from './licence-state-badge.tsx';
import { customerQuery } from './staff-customers.api.ts';

/** The customer as staff name them: by name, else by organisation. */
function useCustomerName(customer: CustomerDetail | undefined): string | undefined {
  const { t } = useTranslation('staff-customers');
  if (!customer) return undefined;
  return customer.profile?.name ?? customer.organisations[0]?.name ?? t('hiddenName');
}

function Summary({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation('staff-customers');
  const f = useFormat();
  const organisation = customer.organisations.find((entry) => entry.role !== null);
  const figures: [string, string][] = [
    [t('lifetimeValue'), f.money(customer.lifetime_value, 'USD')],
    [t('ordersCount'), f.number(customer.orders_count)],
    [t('storeCredit'), f.money(customer.store_credit.balance, 'USD')],
    ...(organisation && customer.store_credit.organisation_balance !== null
      ? [[t('organisationCredit', { name: organisation.name }), f.money(customer.store_credit.organisation_balance, 'USD')] as [string, string]]
      : []),
  ];
  return (
    <Section id="customer-summary" title={t('summary')}>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function Notes({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation('staff-customers');
  const f = useFormat();
  const { user } = useCurrentUser();
  return (
    <Section id="customer-notes" title={t('notes')} intro={t('notesIntro')}>
      {customer.notes.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('noNotes')}</p> : (
        <ul className="mt-3 space-y-3">
          {customer.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-slate-50 p-3 text-sm">
              <DataText as="p" className="whitespace-pre-line break-words text-slate-900">{note.text}</DataText>
              <p className="mt-1 text-xs text-slate-500">
                <DataText>{note.author_email}</DataText> · {f.dateTime(note.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {mayOpen(user, staffAccess.customersRead) && <CustomerNoteForm customerId={customer.id} />}
    </Section>
  );
}

function Customer({ id }: { id: string }) {
  const { t } = useTranslation('staff-customers');
  const f = useFormat();
  const query = useQuery(customerQuery(id));
  const customer = query.data;
  const name = useCustomerName(customer);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle>{name ? t('customerTitle', { name }) : t('pageTitle')}</PageTitle>
      <Link to="/staff/customers" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('back')}
      </Link>
      {query.isError ? (
        <div className="mt-6">
          <ErrorState title={t('customerLoadFailed')} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </div>
      ) : !customer ? (
        <Skeleton className="mt-6 h-64" />
      ) : (
        <div className="mt-4 space-y-4">
          <header className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="flex flex-wrap items-center gap-2">
              <DataText as="h1" className="text-2xl font-bold tracking-tight text-slate-900">{name}</DataText>
              <Badge>{t(`accountType_${customer.account_type}`)}</Badge>
              {customer.deactivated && <Badge tone="danger">{t('deactivated')}</Badge>}
              <LicenceStateBadge state={customer.licence.state} />
            </div>
            {customer.profile && <DataText as="p" className="mt-1 break-all text-sm text-slate-600">{customer.profile.email}</DataText>}
            <p className="mt-1 text-sm text-slate-600">{t('joined', { date: f.date(customer.joined_at) })}</p>
          </header>
          <Summary customer={customer} />
          <OrdersSection customer={customer} />
          <div className="grid gap-4 lg:grid-cols-2">
            <ProfileSection profile={customer.profile} />
            <OrganisationsSection organisations={customer.organisations} />
            <LicenceSection licence={customer.licence} />
            <ReturnsSection returns={customer.returns} />
          </div>
          <Notes customer={customer} />
        </div>
      )}
    </div>
  );
}

/** /staff/customers/:id: one customer's orders, organisation, licence, value, returns and notes. */
export function StaffCustomerPage() {
  const { t } = useTranslation('staff-customers');
  const { id = '' } = useParams();
  return <StaffOnly access={staffAccess.allStaff} reason={t('staffOnly')}><Customer id={id} /></StaffOnly>;
}
