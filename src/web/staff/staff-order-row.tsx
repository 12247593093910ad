import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCountryName } from '../checkout/countries.ts';
import type { Order, OrderShipment, OrderStatus } from '#contracts/orders';
import { shipmentDocumentPath, type ShipmentDocument } from '#contracts/shipments';
import { Button } from '../components/ui/button.tsx';
import { downloadFile } from '../lib/download.ts';
import { notify } from '../components/ui/notify.ts';
import { ShipForm } from './ship-form.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { OrderStatusBadge } from '../orders/order-status-badge.tsx';
import type { FulfilmentAction } from './staff-orders.api.ts';
import { DataText } from '../components/ui/data-text.tsx';
import { OrderRefunds } from '../orders/order-refunds.tsx';
import { RefundForm, type RefundHandler } from './refund-form.tsx';

export type FulfilmentHandler = (action: FulfilmentAction, onFailure?: (error: unknown) => void) => void;
/** A cash-on-delivery parcel refused at the door, by its shipment's id. */
export type RefusedHandler = (shipmentId: string) => void;

/** The orders staff ship lines of. */
const SHIPPABLE: readonly OrderStatus[] = ['confirmed', 'processing', 'partly_shipped'];

/** What a shipment's row needs of its order. */
type ShipmentOrder = Pick<Order, 'id' | 'paymentMethod' | 'paymentStatus'> & { shippingAddress: Pick<Order['shippingAddress'], 'country'> };

/**
 * A shipment as staff see it: carrier and tracking, status, and (unless `printable` is false) its documents to print.
 */
export function StaffShipment({ order, shipment, busy, onAction, onRefused, printable = true }: {
  order: ShipmentOrder; shipment: OrderShipment; busy: boolean; onAction?: FulfilmentHandler; onRefused?: RefusedHandler; printable?: boolean;
}) {
  const { t } = useTranslation('staff');
  const { t: orders } = useTranslation('orders');
  const save = (document: ShipmentDocument) => {
    downloadFile(shipmentDocumentPath(shipment.id, document), `${document}-${shipment.number}.pdf`)
      .catch(() => notify.error(t('downloadFailed')));
  };
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
      <span className="min-w-0 basis-full sm:basis-auto sm:flex-1">
        <DataText className="font-semibold text-slate-900">{shipment.number}</DataText>
        {' · '}<DataText>{shipment.carrierName}</DataText>{' '}<DataText className="whitespace-nowrap">{shipment.trackingNumber}</DataText>
        {' · '}{orders(`shipmentStatus_${shipment.status}`)}
        <span className="block text-xs text-slate-500">
          {shipment.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
        </span>
      </span>
      {printable && shipment.carrier !== 'other' && <Button variant="secondary" size="sm" onClick={() => save('label')}>{t('printLabel')}</Button>}
      {printable && <Button variant="secondary" size="sm" onClick={() => save('packing-slip')}>{t('packingSlip')}</Button>}
      {printable && order.shippingAddress.country !== 'PK' && (
        <Button variant="secondary" size="sm" onClick={() => save('commercial-invoice')}>{t('commercialInvoice')}</Button>
      )}
      {onAction && shipment.carrier !== 'other' && !['delivered', 'returned', 'cancelled'].includes(shipment.status) && (
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => onAction({ kind: 'track', id: order.id, shipmentId: shipment.id })}>
          {t('refreshTracking')}
        </Button>
      )}
      {onRefused && order.paymentMethod === 'cash_on_delivery' && order.paymentStatus !== 'paid'
        && !['returned', 'cancelled'].includes(shipment.status) && (
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => onRefused(shipment.id)}>{t('refusedAtDoor')}</Button>
      )}
    </li>
  );
}

/**
 * One order with the next steps staff may take on it; without `onAction` (support's read-only view), none. Its refunds,
 * and with `onRefund` (the owner and sales) a refund form while some of the payment is left.
 */
export function StaffOrderRow({ order, busy, onAction, onRefund, onRefused }: {
  order: Order; busy: boolean; onAction?: FulfilmentHandler; onRefund?: RefundHandler; onRefused?: RefusedHandler;
}) {
  const { t } = useTranslation('staff');
  const { t: detail } = useTranslation('staff-orders');
  const countryName = useCountryName();
  const f = useFormat();
  const step = (label: string, status: Order['status']) => (
    <Button size="sm" disabled={busy} onClick={() => onAction?.({ kind: 'status', id: order.id, status })}>
      {label}
    </Button>
  );
  const cancellable = order.status === 'pending' || order.status === 'confirmed' || order.status === 'processing';
  return (
    <article aria-label={t('orderLabel', { number: order.orderNumber })} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold">
            <Link to={`/staff/orders/${encodeURIComponent(order.orderNumber)}`} className="text-brand-700 hover:underline">
              <DataText>{order.orderNumber}</DataText>
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            <DataText>{order.shippingAddress.name}</DataText> · {f.date(order.createdAt)} · {t('lines', { count: order.items.length })}
          </p>
          <p className="text-sm text-slate-600">
            <DataText>{order.shippingAddress.city}</DataText>, {countryName(order.shippingAddress.country)}
            {' · '}{order.paymentMethod ? detail(`method_${order.paymentMethod}`) : detail('noMethod')}
            {' · '}{detail(`orderPayment_${order.paymentStatus}`)}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <span className="font-bold text-slate-900">{f.price(order.total)}</span>
        </div>
      </div>
      {onAction && <div className="mt-3 flex flex-wrap items-center gap-2">
        {order.status === 'pending' && step(t('confirm'), 'confirmed')}
        {order.status === 'confirmed' && step(t('startProcessing'), 'processing')}
        {/* A new shipment starts the form again from what is left. */}
        {SHIPPABLE.includes(order.status) && <ShipForm key={order.shipments.length} order={order} busy={busy} onAction={onAction} />}
        {order.status === 'shipped' && step(t('markDelivered'), 'delivered')}
        {cancellable && (
          <Button variant="ghost" size="sm" className="text-red-700" disabled={busy} onClick={() => onAction?.({ kind: 'cancel', id: order.id })}>
            {t('cancelOrder')}
          </Button>
        )}
      </div>}
      {order.shipments.length > 0 && (
        <ul className="mt-3 space-y-2">
          {order.shipments.map((shipment) => <StaffShipment key={shipment.id} order={order} shipment={shipment} busy={busy} onAction={onAction}
            onRefused={onRefused} />)}
        </ul>
      )}
      {order.refunds.length > 0 && <div className="mt-3"><OrderRefunds order={order} /></div>}
      {onRefund && Number(order.refundable) > 0 && <div className="mt-3"><RefundForm order={order} onRefund={onRefund} /></div>}
    </article>
  );
}
