import { ShieldCheck } from 'lucide-react';
import { CARD_FEE_BASIS_POINTS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '#contracts/payment';
import { formatMoney } from '../cart/format-money.ts';
import type { Charge, PaymentDetails } from './payment-details.ts';

/** Only the last digits of an account or card, never the whole number. */
function instrumentLabel(method: PaymentMethod, details: PaymentDetails): string {
  const last4 = (value = '') => value.replace(/\D/g, '').slice(-4);
  if (method === 'credit_card') return `Card ending ${last4(details.cardNumber)}`;
  if (method === 'hbl_pay') return `Account ending ${last4(details.accountNumber)}`;
  return `Wallet ending ${last4(details.mobile)}`;
}

export function PaymentConfirmation({ method, details, charge }: { method: PaymentMethod; details: PaymentDetails; charge: Charge }) {
  return (
    <div>
      <p className="text-sm text-slate-600">Please confirm your payment.</p>
      <dl className="mt-4 space-y-2.5 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Payment method</dt>
          <dd className="text-right font-semibold text-slate-900">
            {PAYMENT_METHOD_LABELS[method]}
            <span className="block text-xs font-normal text-slate-500">{instrumentLabel(method, details)}</span>
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Order total</dt>
          <dd className="font-semibold text-slate-900">{formatMoney(charge.amount, charge.currency)}</dd>
        </div>
        {charge.fee > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Card processing fee ({CARD_FEE_BASIS_POINTS / 100}%)</dt>
            <dd className="font-semibold text-slate-900">{formatMoney(charge.fee, charge.currency)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2.5 text-base">
          <dt className="font-bold text-slate-900">Total to be charged</dt>
          <dd className="font-bold text-slate-900">{formatMoney(charge.total, charge.currency)}</dd>
        </div>
      </dl>
      <p className="mt-3 flex items-center gap-2 text-xs text-slate-500">
        <ShieldCheck aria-hidden="true" className="h-4 w-4 text-emerald-600" /> Your payment details are sent securely and are not stored on this device.
      </p>
    </div>
  );
}
