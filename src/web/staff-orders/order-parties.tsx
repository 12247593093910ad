import { useTranslation } from 'react-i18next';
import { Mail, Phone } from 'lucide-react';
import type { OrderParty, StaffOrderDetail } from '#contracts/staff-order-detail';
import { DataText } from '../components/ui/data-text.tsx';
import { useCountryName } from '../checkout/countries.ts';
import { OrderSection as Section } from '../orders/order-section.tsx';

/** A phone number and an email, each a link, for the roles that read them. */
function Contact({ phone, email }: { phone: string | null; email: string | null }) {
  const { t } = useTranslation('staff-orders');
  return (
    <>
      {phone && (
        <p className="flex items-center gap-1.5">
          <Phone aria-label={t('phone')} className="h-3.5 w-3.5 shrink-0 text-slate-500" />
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr" className="text-brand-700 hover:underline">{phone}</a>
        </p>
      )}
      {email && (
        <p className="flex items-center gap-1.5">
          <Mail aria-label={t('email')} className="h-3.5 w-3.5 shrink-0 text-slate-500" />
          <a href={`mailto:${email}`} dir="ltr" className="break-all text-brand-700 hover:underline">{email}</a>
        </p>
      )}
    </>
  );
}

/** An address as the carrier's label and the invoice write it; only the country for roles that do not read orders. */
function Address({ party }: { party: OrderParty }) {
  const { t } = useTranslation('staff-orders');
  const country = useCountryName()(party.country);
  if (party.name === null) {
    return <p className="text-sm text-slate-700"><DataText>{country}</DataText> <span className="block text-xs text-slate-500">{t('hidden')}</span></p>;
  }
  return (
    <address className="space-y-0.5 text-sm text-slate-700 not-italic">
      <DataText as="p" className="font-medium text-slate-900">{party.name}</DataText>
      {party.company && <DataText as="p">{party.company}</DataText>}
      <DataText as="p">{party.address}</DataText>
      <p><DataText>{party.city}</DataText> <DataText>{party.postal_code}</DataText></p>
      <DataText as="p">{country}</DataText>
      <Contact phone={party.phone} email={party.email} />
    </address>
  );
}

/** Who bought the order and for whom, where it goes and where it is billed. */
export function OrderParties({ detail }: { detail: StaffOrderDetail }) {
  const { t } = useTranslation('staff-orders');
  const { buyer, organisation } = detail;
  return (
    <>
      <Section title={t('shipTo')}>
        <Address party={detail.ship_to} />
      </Section>
      <Section title={t('buyer')}>
        <div className="space-y-0.5 text-sm text-slate-700">
          {buyer.name !== null ? <DataText as="p" className="font-medium text-slate-900">{buyer.name}</DataText> : <p className="text-xs text-slate-500">{t('hidden')}</p>}
          <Contact phone={buyer.phone} email={buyer.email} />
          {organisation && (
            <div className="mt-2 border-t border-slate-100 pt-2">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('organisation')}</p>
              <DataText as="p" className="font-medium text-slate-900">{organisation.name}</DataText>
              {organisation.department && <p>{t('department', { name: organisation.department })}</p>}
              {organisation.cost_centre && <p>{t('costCentre', { code: `\u2068${organisation.cost_centre}\u2069` })}</p>}
              {organisation.po_number && <p>{t('poNumber', { number: `\u2068${organisation.po_number}\u2069` })}</p>}
            </div>
          )}
        </div>
      </Section>
      <Section title={t('billTo')}>
        {detail.bill_to.source === 'ship_to' ? <p className="text-sm text-slate-700">{t('sameAsShipTo')}</p> : <Address party={detail.bill_to} />}
        {detail.bill_to.source === 'purchase_order' && <p className="mt-1 text-xs text-slate-500">{t('billToFromPurchaseOrder')}</p>}
      </Section>
    </>
  );
}
