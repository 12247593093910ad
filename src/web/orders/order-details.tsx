import { useTranslation } from 'react-i18next';
import { Download, PackageSearch, RefreshCw, ShoppingCart } from 'lucide-react';
import type { BuyAgainLine, Order } from '#contracts/orders';
import { Button } from '../components/ui/button.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { useTranslated } from '../i18n/translated.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { InvoiceTermsNote } from '../organisations/invoice-terms-note.tsx';
import { OrderBreakdown, useLinePrice } from './order-breakdown.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { SetLineContents } from '../sets/set-line-contents.tsx';
import { VariantLabel } from '../cart/variant-label.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { BuyAgainSummary } from './buy-again-summary.tsx';
import { OrderRefunds } from './order-refunds.tsx';
import { OrderShipments } from './order-shipments.tsx';
import { OrderSection as Section } from './order-section.tsx';
import { OrderReturns } from '../returns/order-returns.tsx';
import { OrderCreditNotes } from '../returns/credit-note-links.tsx';

export function NoOrderSelected({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <PackageSearch aria-hidden="true" className="h-10 w-10 text-slate-400" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('noneSelected')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('noneSelectedText')}</p>
      <Button variant="secondary" className="mt-5" onClick={onRefresh}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        {t('refreshOrders')}
      </Button>
    </div>
  );
}

/** Buy Again for this order: the action, and what it put into the cart once done. */
export interface BuyAgainControl {
  onBuyAgain: () => void;
  pending: boolean;
  lines: BuyAgainLine[] | null;
}

export function OrderDetails({
  order, onInvoice, onCancel, cancelling, buyAgain,
}: { order: Order; onInvoice: () => void; onCancel: () => void; cancelling: boolean; buyAgain?: BuyAgainControl }) {
  const { t } = useTranslation('orders');
  const f = useFormat();
  const linePrice = useLinePrice();
  const categoryName = useTranslated();
  return (
    <div className="space-y-4">
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-xl font-bold text-slate-900">{order.orderNumber}</h2>
            <p className="text-sm text-slate-600">{t('placedOn', { date: f.date(order.createdAt) })}</p>
          </div>
          <OrderStatusBadge status={order.status} />
        </div>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">{t('total')}</dt>
            <dd className="font-semibold text-slate-900">{f.price(order.total)}</dd>
          </div>
          {order.purchaseOrder?.poNumber && (
            <div>
              <dt className="text-slate-500">{t('poNumber')}</dt>
              <dd className="font-semibold break-all text-slate-900" dir="ltr">{order.purchaseOrder.poNumber}</dd>
            </div>
          )}
          {order.purchaseOrder?.department && (
            <div>
              <dt className="text-slate-500">{t('department')}</dt>
              <dd className="font-semibold text-slate-900">
                {order.purchaseOrder.department}
                {order.purchaseOrder.costCentre && <span className="ms-1 font-normal text-slate-600" dir="ltr">({order.purchaseOrder.costCentre})</span>}
              </dd>
            </div>
          )}
        </dl>
        <InvoiceTermsNote order={order} />
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onInvoice}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t('invoice')}
          </Button>
          {buyAgain && (
            <Button variant="secondary" size="sm" onClick={buyAgain.onBuyAgain} disabled={buyAgain.pending}>
              <ShoppingCart aria-hidden="true" className="h-4 w-4" />
              {buyAgain.pending ? t('buyingAgain') : t('buyAgain')}
            </Button>
          )}
          {order.canCancel && (
            <Button variant="ghost" size="sm" onClick={onCancel} disabled={cancelling} className="text-red-700">
              {cancelling ? t('cancelling') : t('cancelOrder')}
            </Button>
          )}
        </div>
        {buyAgain?.lines && <BuyAgainSummary lines={buyAgain.lines} />}
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Section title={t('shippingAddress')}>
          <address className="text-sm leading-6 text-slate-700 not-italic">
            <DataText className="font-medium text-slate-900">{order.shippingAddress.name}</DataText>
            <br />
            <DataText>{order.shippingAddress.address}</DataText>
            <br />
            <DataText>{order.shippingAddress.city}</DataText>
            <br />
            <DataText>{order.shippingAddress.phone}</DataText>
            <br />
            <DataText className="break-all">{order.shippingAddress.email}</DataText>
          </address>
        </Section>

        <Section title={t('items')}>
          <ul className="divide-y divide-slate-100">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-2">
                <ProductImage src={item.image} alt="" className="h-12 w-12 shrink-0 rounded-lg object-cover ring-1 ring-slate-200" />
                <div className="min-w-0 flex-1">
                  <DataText as="p" className="truncate text-sm font-medium text-slate-900">{item.name}</DataText>
                  <VariantLabel label={item.variantLabel} className="text-xs" />
                  <p className="text-xs text-slate-600">
                    <DataText>{categoryName(item.category, item.category_translations)}</DataText> · {linePrice.each(item)}
                  </p>
                  {item.set_components && <SetLineContents components={item.set_components} />}
                  {item.contractNumber && (
                    <p data-testid="line-contract" className="text-xs font-medium text-brand-800">
                      {t('contract')} <bdi dir="ltr">{item.contractNumber}</bdi>
                    </p>
                  )}
                </div>
                <span className="shrink-0 text-sm font-semibold text-slate-900">
                  {linePrice.total(item)}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-slate-200 pt-3">
            <OrderBreakdown charges={order} />
          </div>
        </Section>
      </div>

      {(order.refunds.length > 0 || order.credit_notes.length > 0) && (
        <Section title={t('refunds')}>
          <OrderRefunds order={order} />
          <OrderCreditNotes notes={order.credit_notes} />
        </Section>
      )}

      <OrderReturns order={order} />

      {order.shipments.length > 0 && (
        <Section title={t('shipments')}>
          <OrderShipments shipments={order.shipments} />
        </Section>
      )}

      <Section title={t('trackingTimeline')}>
        <OrderTimeline events={order.trackingEvents} />
      </Section>
    </div>
  );
}
