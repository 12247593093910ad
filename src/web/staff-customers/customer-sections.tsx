import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SPECIALTIES } from '#contracts/auth';
import type { CustomerDetail } from '#contracts/staff-customers';
import { Badge } from '../components/ui/badge.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { OrderStatusBadge } from '../orders/order-status-badge.tsx';

/** One titled panel of the customer's page. */
export function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} className="text-base font-semibold text-slate-900">{title}</h2>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="mt-3 text-sm text-slate-600">{children}</p>;

const isSpecialty = (value: string): value is (typeof SPECIALTIES)[number] => (SPECIALTIES as readonly string[]).includes(value);

/** Name, contact and profile details, for the roles that read them. */
export function ProfileSection({ profile }: { profile: CustomerDetail['profile'] }) {
  const { t } = useTranslation('staff-customers');
  const { t: auth } = useTranslation('auth');
  if (!profile) return <Section id="customer-profile" title={t('profile')}><Empty>{t('hiddenProfile')}</Empty></Section>;
  const fields: [string, string][] = [
    [t('phone'), profile.phone], [t('address'), profile.address], [t('specialty'), isSpecialty(profile.specialty) ? auth(profile.specialty) : profile.specialty],
    [t('hospital'), profile.hospital_name], [t('licenceNumber'), profile.licence_number],
  ];
  return (
    <Section id="customer-profile" title={t('profile')}>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-slate-500">{t('email')}</dt>
          <dd className="flex flex-wrap items-center gap-2 text-slate-900">
            <DataText className="break-all">{profile.email}</DataText>
            {!profile.email_verified && <Badge tone="warning">{t('emailNotVerified')}</Badge>}
          </dd>
        </div>
        {fields.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-900">{value ? <DataText className="break-words">{value}</DataText> : t('notGiven')}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** The organisations the customer buys for or registered, and the licences that let them buy restricted products. */
export function OrganisationsSection({ organisations }: { organisations: CustomerDetail['organisations'] }) {
  const { t } = useTranslation('staff-customers');
  return (
    <Section id="customer-organisations" title={t('organisations')}>
      {organisations.length === 0 ? <Empty>{t('noOrganisation')}</Empty> : (
        <ul className="mt-3 space-y-2 text-sm">
          {organisations.map((organisation) => (
            <li key={organisation.id} className="flex flex-wrap items-center gap-2">
              <DataText className="font-semibold text-slate-900">{organisation.name}</DataText>
              <Badge>{t(`organisationStatus_${organisation.status}`)}</Badge>
              <span className="text-slate-600">{organisation.role ? t(`organisationRole_${organisation.role}`) : t('registeredOnly')}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function LicenceSection({ licence }: { licence: CustomerDetail['licence'] }) {
  const { t } = useTranslation('staff-customers');
  const { t: licences } = useTranslation('licences');
  const f = useFormat();
  return (
    <Section id="customer-licence" title={t('licence')} intro={t(`licenceState_${licence.state}`)}>
      {licence.documents.length === 0 ? <Empty>{t('noDocuments')}</Empty> : (
        <ul className="mt-3 space-y-2 text-sm">
          {licence.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold text-slate-900">{licences(`type_${document.licence_type}`)}</span>
              {document.licence_number && <DataText className="text-slate-700">{document.licence_number}</DataText>}
              <Badge tone={document.is_valid ? 'success' : 'neutral'}>{licences(`status_${document.status}`)}</Badge>
              <span className="text-slate-600">{t('expires', { date: f.date(document.expires_on) })}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function OrdersSection({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation('staff-customers');
  const f = useFormat();
  const { orders } = customer;
  return (
    <Section id="customer-orders" title={t('ordersHeading')}
      intro={orders.length < customer.orders_count ? t('ordersShown', { shown: orders.length, count: customer.orders_count }) : undefined}>
      {orders.length === 0 ? <Empty>{t('noOrders')}</Empty> : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <Link to={`/staff/orders/${order.order_number}`} className="font-semibold text-brand-700 hover:underline">
                <DataText>{order.order_number}</DataText>
              </Link>
              <span className="text-slate-600">{f.date(order.created_at)}</span>
              <OrderStatusBadge status={order.status} />
              <span className="text-slate-600">{t('payment')}: {t(`paymentStatus_${order.payment_status}`)}</span>
              <span className="ms-auto font-semibold text-slate-900">{f.money(order.total, 'USD')}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function ReturnsSection({ returns }: { returns: CustomerDetail['returns'] }) {
  const { t } = useTranslation('staff-customers');
  const { t: staffReturns } = useTranslation('staff-returns');
  const f = useFormat();
  return (
    <Section id="customer-returns" title={t('returns')}>
      {returns.length === 0 ? <Empty>{t('noReturns')}</Empty> : (
        <ul className="mt-3 space-y-2 text-sm">
          {returns.map((item) => (
            <li key={item.rma} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <DataText className="font-semibold text-slate-900">{item.rma}</DataText>
              <span className="text-slate-600">{t('orderNumber')}: <DataText>{item.order_number}</DataText></span>
              <Badge>{staffReturns(`status_${item.status}`)}</Badge>
              <span className="text-slate-600">{f.date(item.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
