import { useTranslation } from 'react-i18next';
import { Download, Eye, Truck } from 'lucide-react';
import type { Order } from '#contracts/orders';
import { Button } from '../components/ui/button.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { STATUS_BAR_CLASSES, STATUS_PROGRESS } from './order-status.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { OrderBreakdownSummary } from './order-breakdown.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { VariantLabel } from '../cart/variant-label.tsx';

const THUMBNAILS = 3;

export interface OrderCardActions {
  onView: (order: Order) => void;
  onTrack: (order: Order) => void;
  onInvoice: (order: Order) => void;
}

export function OrderCard({ order, onView, onTrack, onInvoice }: { order: Order } & OrderCardActions) {
  const { t } = useTranslation('orders');
  const f = useFormat();
  const progress = STATUS_PROGRESS[order.status];
  const extra = order.items.length - THUMBNAILS;
  return (
    <article aria-label={t('orderLabel', { number: order.orderNumber })} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{order.orderNumber}</h3>
          <p className="text-sm text-slate-600">{t('placedOn', { date: f.date(order.createdAt) })}</p>
        </div>
        <div className="flex items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <span className="text-lg font-bold text-slate-900">{f.price(order.total)}</span>
        </div>
      </div>

      <div className="mt-4">
        <div className="flex justify-between text-xs font-medium text-slate-600">
          <span>{t('orderProgress')}</span>
          <span>{progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('progressLabel', { number: order.orderNumber })}
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div className={`h-full rounded-full ${STATUS_BAR_CLASSES[order.status]}`} style={{ width: `${progress}%` }} />
        </div>
      </div>

      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {order.items.slice(0, THUMBNAILS).map((item) => (
          <li key={item.id} className="flex min-w-0 items-center gap-3">
            <ProductImage src={item.image} alt="" className="h-12 w-12 shrink-0 rounded-lg object-cover ring-1 ring-slate-200" />
            <div className="min-w-0">
              <DataText as="p" className="truncate text-sm font-medium text-slate-900">{item.name}</DataText>
              <VariantLabel label={item.variantLabel} className="truncate text-xs" />
              <p className="text-xs text-slate-600">{t('qty', { n: item.quantity })}</p>
            </div>
          </li>
        ))}
      </ul>
      {extra > 0 && <p className="mt-2 text-sm text-slate-600">{t('moreItems', { n: extra })}</p>}

      <div className="mt-4 rounded-lg bg-slate-50 px-3 py-2">
        <OrderBreakdownSummary charges={order} />
      </div>

      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Button variant="secondary" size="sm" onClick={() => onView(order)}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          {t('viewDetails')}
        </Button>
        {order.shipments.length > 0 && (
          <Button variant="secondary" size="sm" onClick={() => onTrack(order)}>
            <Truck aria-hidden="true" className="h-4 w-4" />
            {t('trackPackage')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={() => onInvoice(order)} aria-label={t('invoiceFor', { number: order.orderNumber })}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t('invoice')}
        </Button>
      </div>
    </article>
  );
}
