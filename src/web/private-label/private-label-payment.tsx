import { useTranslation } from 'react-i18next';
import { GATEWAY_METHODS, METHOD_CURRENCIES } from '#contracts/payment';
import { payPrivateLabelBalance, type PrivateLabelBalanceBody, type PrivateLabelRequest } from '#contracts/private-label';
import type { PaymentAttempt, PaymentRequest } from '../checkout/payment-widget.tsx';
import { PaymentWidget } from '../checkout/payment-widget.tsx';
import { useDecidedPayment } from '../checkout/use-decided-payment.ts';
import { useFormat } from '../i18n/use-format.ts';
import { apiFetch, isApiError } from '../lib/api.ts';
import { sectionClasses } from './private-label-parts.tsx';

type Payment = NonNullable<PrivateLabelRequest['payment']>;

/** Paying the balance through a gateway, in the currency the deposit was paid in, for exactly what the request shows due. */
function PayBalance({ request, payment }: { request: PrivateLabelRequest; payment: Payment }) {
  const { t } = useTranslation('private-label');
  const payDecided = useDecidedPayment();
  const methods = GATEWAY_METHODS.filter((method) => METHOD_CURRENCIES[method].includes(payment.currency));
  const due = { grand_total: payment.balance_due, grand_total_pkr: payment.balance_due };
  const pay = (chosen: PaymentRequest): Promise<PaymentAttempt> => {
    const body = chosen as PrivateLabelBalanceBody;
    return payDecided(body, {
      send: (headers) => apiFetch(payPrivateLabelBalance, { params: { id: request.id }, body, headers }),
      invalidate: ['private-label'],
      paid: { title: t('balancePaid'), text: t('balancePaidText') },
      inProgress: (error) => isApiError(error, payPrivateLabelBalance, 'PAYMENT_IN_PROGRESS'),
    });
  };
  return <PaymentWidget cart={due} currency={payment.currency} methods={methods} onPay={pay} />;
}

/**
 * What the order's payments took and what is still due before it ships, as the server charges it; the buyer who may
 * decide pays the balance here once the goods are ready to ship.
 */
export function PrivateLabelPayment({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  const { payment } = request;
  if (!payment) return null;
  const money = (amount: string) => f.money(amount, payment.currency);
  const due = Number(payment.balance_due) > 0;
  const payable = due && request.can_decide && request.status === 'ready_to_ship';
  return (
    <section aria-labelledby="payment-summary-heading" className={`${sectionClasses} space-y-4`}>
      <h2 id="payment-summary-heading" className="text-lg font-bold text-slate-900">{t('paymentHeading')}</h2>
      {payment.on_terms ? <p className="text-sm text-slate-700">{t('onTerms')}</p> : (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('paid')}</dt><dd className="text-end" data-testid="paid">{money(payment.paid)}</dd>
            <dt className="font-semibold text-slate-900">{t('balanceDue')}</dt>
            <dd className="text-end font-bold text-slate-900" data-testid="balance-due">{money(payment.balance_due)}</dd>
          </dl>
          <p className="text-sm text-slate-700">
            {!due ? t('paidInFull') : t(request.status === 'ready_to_ship' ? 'balanceReady' : 'balanceLater', { amount: money(payment.balance_due) })}
          </p>
        </>
      )}
      {payable && <PayBalance request={request} payment={payment} />}
    </section>
  );
}
