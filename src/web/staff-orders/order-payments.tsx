import { useTranslation } from 'react-i18next';
import type { StaffOrderDetail } from '#contracts/staff-order-detail';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { OrderBreakdown } from '../orders/order-breakdown.tsx';
import { OrderRefunds } from '../orders/order-refunds.tsx';
import { OrderCreditNotes } from '../returns/credit-note-links.tsx';

/** The order's money: each charge attempt with its state, the breakdown, its refunds and credit notes. */
export function OrderPayments({ detail }: { detail: StaffOrderDetail }) {
  const { t } = useTranslation('staff-orders');
  const f = useFormat();
  const { order } = detail;
  return (
    <div className="space-y-4">
      {detail.payments.length === 0 ? <p className="text-sm text-slate-600">{t('noPayments')}</p> : (
        <ul aria-label={t('payments')} className="divide-y divide-slate-100 text-sm">
          {detail.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {t(`method_${payment.method}`)} · {t('paymentLine', {
                    amount: f.money(payment.amount, payment.currency), status: t(`paymentStatus_${payment.status}`),
                  })}
                </p>
                {Number(payment.fee) > 0 && <p className="text-xs text-slate-600">{t('paymentFee', { fee: f.money(payment.fee, payment.currency) })}</p>}
                <bdi dir="ltr" className="block text-xs break-all text-slate-500">{payment.transaction_id}</bdi>
                {payment.failure_message && <DataText as="p" className="text-xs text-red-700">{payment.failure_message}</DataText>}
              </div>
              <time dateTime={payment.created_at} className="text-xs text-slate-600">{f.dateTime(payment.created_at)}</time>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-slate-200 pt-3"><OrderBreakdown charges={order} /></div>
      {order.refunds.length > 0 && (
        <div className="border-t border-slate-200 pt-3">
          <h4 className="text-sm font-semibold text-slate-900">{t('refunds')}</h4>
          <OrderRefunds order={order} />
        </div>
      )}
      <OrderCreditNotes notes={order.credit_notes} />
    </div>
  );
}
