import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Mail, Phone, UserRound } from 'lucide-react';
import type { Organisation } from '#contracts/organisations';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { myOrganisationQuery } from './organisations.api.ts';
import { OrganisationStatusBadge } from './status-badge.tsx';

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={strong ? 'mt-1 text-lg font-bold text-brand-800' : 'mt-1 text-lg font-semibold text-slate-900'}>{value}</dd>
    </div>
  );
}

/** The contract the organisation's price list is agreed under, its days, and whether its prices apply today. */
function ContractTerms({ contract }: { contract: Organisation['price_contract'] }) {
  const { t } = useTranslation('organisations');
  const f = useFormat();
  // A calendar day, read as the day it names wherever the browser is.
  const day = (value: string) => f.date(value, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const from = contract.starts_on && day(contract.starts_on);
  const to = contract.ends_on && day(contract.ends_on);
  const days = from && to ? t('contractDates', { from, to }) : from ? t('contractFrom', { from }) : to ? t('contractUntil', { to }) : null;
  return (
    <div data-testid="price-contract" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('priceContractHeading')}</h3>
      <p className="mt-1 text-sm font-medium text-slate-900">
        {contract.number ? <>{t('contract')} <bdi dir="ltr">{contract.number}</bdi></> : t('contractNoNumber')}
      </p>
      {days && <p className="text-sm text-slate-700">{days}</p>}
      <p className={contract.in_force ? 'mt-1 text-sm text-emerald-800' : 'mt-1 text-sm text-amber-800'}>
        {contract.in_force ? t('contractAppliesNow') : t('contractNotNow')}
      </p>
    </div>
  );
}

function Terms({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('organisations');
  const f = useFormat();
  const usd = (amount: string) => f.money(amount, 'USD');
  const manager = organisation.account_manager;
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t('paymentTerms')} value={t(`terms_${organisation.payment_terms}`)} />
        <Figure label={t('creditLimit')} value={usd(organisation.credit_limit)} />
        <Figure label={t('creditUsed')} value={usd(organisation.credit_used)} />
        <Figure label={t('creditAvailable')} value={usd(organisation.credit_available)} strong />
      </dl>
      <p className="mt-3 text-sm text-slate-600">{organisation.can_pay_by_invoice ? t('invoiceAvailable') : t('invoiceUnavailable')}</p>
      {(organisation.price_contract.number || organisation.price_contract.starts_on || organisation.price_contract.ends_on) && (
        <ContractTerms contract={organisation.price_contract} />
      )}
      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <h3 className="text-sm font-semibold text-slate-900">{t('accountManager')}</h3>
        {manager ? (
          <div className="mt-2 space-y-1 text-sm text-slate-700">
            <p className="flex items-center gap-2 font-medium text-slate-900">
              <UserRound aria-hidden="true" className="h-4 w-4 text-slate-500" /> {manager.name}
            </p>
            <p className="flex items-center gap-2">
              <Mail aria-hidden="true" className="h-4 w-4 text-slate-500" />
              <a className="break-all text-brand-700 underline-offset-2 hover:underline" href={`mailto:${manager.email}`} aria-label={t('emailManager', { name: manager.name })}>
                {manager.email}
              </a>
            </p>
            {manager.phone && (
              <p className="flex items-center gap-2">
                <Phone aria-hidden="true" className="h-4 w-4 text-slate-500" />
                <a className="text-brand-700 underline-offset-2 hover:underline" href={`tel:${manager.phone.replace(/\s/g, '')}`} dir="ltr">{manager.phone}</a>
              </p>
            )}
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t('noAccountManager')}</p>
        )}
      </div>
    </>
  );
}

/** Billing tab of a business account: payment terms, credit and the account manager. */
export function BillingTerms({ accountType }: { accountType: 'individual' | 'business' }) {
  const { t } = useTranslation('organisations');
  const query = useQuery({ ...myOrganisationQuery(), enabled: accountType === 'business' });
  if (accountType !== 'business') return null;
  const organisation = query.data;
  return (
    <section aria-labelledby="billing-terms-heading" className="mb-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="billing-terms-heading" className="text-lg font-bold text-slate-900">{t('billingHeading')}</h2>
          <p className="text-sm text-slate-600">{t('billingIntro')}</p>
        </div>
        {organisation && <OrganisationStatusBadge status={organisation.status} />}
      </div>
      {query.isPending ? (
        <Skeleton className="mt-4 h-24" />
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">{t('loadFailed')}</p>
      ) : organisation?.status === 'verified' ? (
        <Terms organisation={organisation} />
      ) : (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">{t('notVerifiedBilling')}</p>
      )}
    </section>
  );
}
