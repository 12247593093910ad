import { useTranslation } from 'react-i18next';
import type { Order } from '#contracts/orders';
import { useFormat } from '../i18n/use-format.ts';
import { DataText } from '../components/ui/data-text.tsx';

/** Each refund of an order, oldest first, with what they gave back in all (US dollars); nothing without one. */
export function OrderRefunds({ order }: { order: Pick<Order, 'refunds' | 'breakdown'> }) {
  const { t } = useTranslation('orders');
  const f = useFormat();
  if (order.refunds.length === 0) return null;
  return (
    <div>
      <ul aria-label={t('refunds')} className="divide-y divide-slate-100 text-sm">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {f.money(refund.amount, refund.currency)} · {t('refundStatus', { context: refund.status })}
              </p>
              <DataText as="p" className="text-slate-600">{refund.reason}</DataText>
            </div>
            <time dateTime={refund.created_at} className="text-xs text-slate-600">{f.date(refund.created_at)}</time>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900">
        <span>{t('refundedTotal')}</span>
        <span>{f.money(order.breakdown.refunded, 'USD')}</span>
      </p>
    </div>
  );
}
