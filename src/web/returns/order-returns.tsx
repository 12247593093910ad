import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import type { Order } from '#contracts/orders';
import { Button } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { OrderSection } from '../orders/order-section.tsx';
import { ReturnRequestForm } from './return-request-form.tsx';
import { useIsolated } from './isolated.ts';
import { ReturnsList } from './returns-list.tsx';
import { orderReturnsQuery } from './returns.api.ts';

type ReturnsOrder = Pick<Order, 'orderNumber' | 'status' | 'shipments' | 'items'>;

/** Units can go back once delivered: the whole order, or one of its parcels. */
const hasDeliveredLines = (order: ReturnsOrder) =>
  order.status === 'delivered' || order.shipments.some((shipment) => shipment.status === 'delivered');

function ReturnsSection({ order }: { order: ReturnsOrder }) {
  const { t } = useTranslation('returns');
  const returns = useQuery(orderReturnsQuery(order.orderNumber));
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState<string | null>(null);
  const data = useIsolated();

  if (returns.isError) {
    return <ErrorState title={t('loadFailed')} error={returns.error} onRetry={() => void returns.refetch()} retrying={returns.isFetching} />;
  }
  if (returns.isPending) return <p role="status" className="text-sm text-slate-600">{t('loading')}</p>;
  const answer = returns.data;
  return (
    <div className="space-y-4">
      {answer.window_ends && <p className="text-sm text-slate-700">{t('windowEnds', { date: answer.window_ends })}</p>}
      {requested && (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          {t('requested', { rma: data(requested) })}
        </p>
      )}
      {open ? (
        <ReturnRequestForm
          order={order}
          answer={answer}
          onRequested={(rma) => {
            setRequested(rma);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : (
        <Button variant="secondary" size="sm" aria-expanded={false} onClick={() => setOpen(true)}>
          <Undo2 aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          {t('returnItems')}
        </Button>
      )}
      <ReturnsList returns={answer.returns} />
    </div>
  );
}

/** Returns on the buyer's order: the window, the request form and each return; nothing before a delivery. */
export function OrderReturns({ order }: { order: ReturnsOrder }) {
  const { t } = useTranslation('returns');
  if (!hasDeliveredLines(order)) return null;
  return (
    <OrderSection title={t('heading')}>
      <ReturnsSection key={order.orderNumber} order={order} />
    </OrderSection>
  );
}
