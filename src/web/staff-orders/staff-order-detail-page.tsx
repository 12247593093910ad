import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { createShipment } from '#contracts/shipments';
import { getStaffOrder, type StaffOrderDetail } from '#contracts/staff-order-detail';
import { buttonClasses } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useErrorText } from '../lib/error-text.ts';
import { OrderSection as Section } from '../orders/order-section.tsx';
import { OrderStatusBadge } from '../orders/order-status-badge.tsx';
import { OrderTimeline } from '../orders/order-timeline.tsx';
import { ReturnsList } from '../returns/returns-list.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { StaffShipment } from '../staff/staff-order-row.tsx';
import { mayOpen } from '../staff/staff-pages.ts';
import { useFulfilOrder, type FulfilmentAction } from '../staff/staff-orders.api.ts';
import { OrderActions } from './order-actions.tsx';
import { OrderEditSlot } from './order-edit-slot.tsx';
import { OrderNotes } from './order-notes.tsx';
import { OrderParties } from './order-parties.tsx';
import { OrderPayments } from './order-payments.tsx';
import { PickList } from './pick-list.tsx';
import { staffOrderDetailQuery } from './staff-order-detail.api.ts';

function OrderHeading({ detail }: { detail: StaffOrderDetail }) {
  const { t } = useTranslation('staff-orders');
  const f = useFormat();
  const { order } = detail;
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('heading', { number: `\u2068${order.orderNumber}\u2069` })}
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div><dt className="text-slate-500">{t('placed')}</dt><dd className="font-medium text-slate-900">{f.dateTime(order.createdAt)}</dd></div>
        <div><dt className="text-slate-500">{t('total')}</dt><dd className="font-semibold text-slate-900">{f.money(order.breakdown.total, 'USD')}</dd></div>
        <div>
          <dt className="text-slate-500">{t('paymentMethod')}</dt>
          <dd className="font-medium text-slate-900">
            {order.paymentMethod ? t(`method_${order.paymentMethod}`) : t('noMethod')}
            {' · '}{t(`orderPayment_${order.paymentStatus}`)}
          </dd>
        </div>
        {order.shippingMethod && <div><dt className="text-slate-500">{t('shippingMethod')}</dt><DataText as="dd" className="font-medium text-slate-900">{order.shippingMethod}</DataText></div>}
      </dl>
    </header>
  );
}

function StaffOrder({ detail }: { detail: StaffOrderDetail }) {
  const { t } = useTranslation('staff-orders');
  const errorText = useErrorText();
  const { user } = useCurrentUser();
  const fulfil = useFulfilOrder();
  const { order, actions } = detail;
  const act = (action: FulfilmentAction, onFailure?: (error: unknown) => void) => fulfil.mutate(action, {
    onSuccess: () => notify.success(t(action.kind === 'cancel' ? 'cancelled' : 'orderUpdated')),
    onError: (error) => {
      notify.error(t('updateFailed'), errorText(error));
      onFailure?.(error);
    },
  });
  const shipmentOrder = { ...order, shippingAddress: { country: detail.ship_to.country } };
  return (
    <div className="space-y-6">
      <OrderHeading detail={detail} />
      {/* Narrow screens read one column: what to pick, where it goes, what to do, the rest, then the notes. */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="contents lg:flex lg:flex-col lg:gap-4">
          <div className="order-1"><Section title={t('pickList')}><PickList lines={detail.lines} /></Section></div>
          <div className="order-3 min-w-0 space-y-4">
            <Section title={t('actions')}><OrderActions detail={detail} busy={fulfil.isPending} onAction={act} /></Section>
            {/* Order edits (address, quantities, lines) plug in here. */}
            <OrderEditSlot detail={detail} />
            {order.shipments.length > 0 && (
              <Section title={t('shipments')}>
                {actions.print_slip && <p className="mb-2 text-xs text-slate-500">{t('printSlips')}</p>}
                <ul className="space-y-2">
                  {order.shipments.map((shipment) => (
                    <StaffShipment key={shipment.id} order={shipmentOrder} shipment={shipment} busy={fulfil.isPending}
                      printable={actions.print_slip} onAction={mayOpen(user, createShipment.staff) ? act : undefined} />
                  ))}
                </ul>
              </Section>
            )}
            <Section title={t('payments')}><OrderPayments detail={detail} /></Section>
            {detail.returns.length > 0 && <Section title={t('returns')}><ReturnsList returns={detail.returns} /></Section>}
            <Section title={t('timeline')}><OrderTimeline events={order.trackingEvents} /></Section>
          </div>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-4">
          <div className="order-2 space-y-4"><OrderParties detail={detail} /></div>
          <div className="order-4"><Section title={t('notes')}><OrderNotes orderId={order.id} notes={detail.notes} mayAdd={actions.add_note} /></Section></div>
        </div>
      </div>
    </div>
  );
}

/** /staff/orders/:orderNumber: one order as a packer works from it, for every staff role (personal fields by role). */
export function StaffOrderDetailPage() {
  // The edit panel's texts (and the address fields it shares with checkout) come with the page, not when it opens.
  const { t } = useTranslation(['staff-orders', 'order-edits', 'checkout', 'validation', 'errors']);
  const { orderNumber = '' } = useParams();
  const detail = useQuery(staffOrderDetailQuery(orderNumber));
  return (
    <StaffOnly access={getStaffOrder.staff} reason={t('staffOnly')}>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
        <title>{detail.data ? t('pageTitle', { number: detail.data.order.orderNumber }) : t('loadingTitle')}</title>
        <Link to="/staff/orders" className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'mb-4 -ms-3' })}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('backToOrders')}
        </Link>
        {detail.isPending ? (
          <Skeleton className="h-96" aria-label={t('loading')} />
        ) : detail.isError ? (
          <ErrorState title={t('loadFailed')} error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
        ) : (
          <StaffOrder detail={detail.data} />
        )}
      </div>
    </StaffOnly>
  );
}
