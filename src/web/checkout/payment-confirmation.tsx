import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ShieldCheck } from 'lucide-react';
import { CARD_FEE_BASIS_POINTS, type PaymentMethod } from '#contracts/payment';
import { ChargeCurrencyNote } from '../i18n/charge-currency-note.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { methodLabel } from './method-label.ts';
import type { Charge, PaymentDetails, PaymentWay } from './payment-details.ts';

/** Only the last digits of an account or card, never the whole number; nothing typed for the gateway's page. */
function instrumentLabel(method: PaymentMethod, way: PaymentWay, details: PaymentDetails, t: TFunction<'checkout'>): string {
  const last4 = (value = '') => value.replace(/\D/g, '').slice(-4);
  if (way === 'hosted') return t('hostedInstrument');
  if (way === 'phone') return t('phoneInstrument', { last4: last4(details.mobile) });
  if (method === 'credit_card') return t('cardEnding', { last4: last4(details.cardNumber) });
  if (method === 'hbl_pay') return t('accountEnding', { last4: last4(details.accountNumber) });
  // Pay by invoice takes no payment details.
  if (method === 'invoice' || method === 'cash_on_delivery') return '';
  return t('walletEnding', { last4: last4(details.mobile) });
}

export function PaymentConfirmation({ method, way, details, charge }: {
  method: PaymentMethod;
  way: PaymentWay;
  details: PaymentDetails;
  charge: Charge;
}) {
  const { t } = useTranslation('checkout');
  const f = useFormat();
  return (
    <div>
      <p className="text-sm text-slate-600">{t('confirmPrompt')}</p>
      <dl className="mt-4 space-y-2.5 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('paymentMethod')}</dt>
          <dd className="text-end font-semibold text-slate-900">
            {methodLabel(method, t)}
            <span className="block text-xs font-normal text-slate-500">{instrumentLabel(method, way, details, t)}</span>
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('orderTotal')}</dt>
          <dd className="font-semibold text-slate-900">{f.money(charge.amount, charge.currency)}</dd>
        </div>
        {charge.credit > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('storeCreditApplied')}</dt>
            <dd className="font-semibold text-emerald-700">−{f.money(charge.credit, charge.currency)}</dd>
          </div>
        )}
        {charge.fee > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">
              {method === 'cash_on_delivery' ? t('codFee') : t('cardFee', { percent: String(CARD_FEE_BASIS_POINTS / 100) })}
            </dt>
            <dd className="font-semibold text-slate-900">{f.money(charge.fee, charge.currency)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2.5 text-base">
          <dt className="font-bold text-slate-900">{method === 'cash_on_delivery' ? t('totalOnDelivery') : t('totalCharged')}</dt>
          <dd className="font-bold text-slate-900">{f.money(charge.total, charge.currency)}</dd>
        </div>
      </dl>
      <ChargeCurrencyNote currency={charge.currency} total={charge.total} />
      <p className="mt-3 flex items-center gap-2 text-xs text-slate-500">
        <ShieldCheck aria-hidden="true" className="h-4 w-4 text-emerald-600" /> {way === 'hosted' ? t('secureHosted') : t('secure')}
      </p>
    </div>
  );
}
