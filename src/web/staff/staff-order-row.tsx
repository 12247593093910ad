import { useState, type FormEvent } from 'react';
import type { Order } from '#contracts/orders';
import { Button } from '../components/ui/button.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';
import { OrderStatusBadge } from '../orders/order-status-badge.tsx';
import { staffMessages } from './messages.ts';
import type { FulfilmentAction } from './staff-orders.api.ts';

const inputClasses = 'h-9 min-w-0 rounded-lg border border-slate-300 px-3 text-sm';

function ShipForm({ order, busy, onAction }: { order: Order; busy: boolean; onAction: (action: FulfilmentAction) => void }) {
  const t = useMessages(staffMessages);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    onAction({ kind: 'ship', id: order.id, body: { carrier, trackingNumber } });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <input aria-label={t.carrierFor(order.orderNumber)} placeholder={t.carrier} required value={carrier}
        onChange={(event) => setCarrier(event.target.value)} className={`${inputClasses} sm:w-32`} />
      <input aria-label={t.trackingFor(order.orderNumber)} placeholder={t.trackingNumber} required value={trackingNumber}
        onChange={(event) => setTrackingNumber(event.target.value)} className={`${inputClasses} sm:w-44`} />
      <Button type="submit" size="sm" disabled={busy}>
        {t.ship}
      </Button>
    </form>
  );
}

/** One order with the next steps staff may take on it. */
export function StaffOrderRow({ order, busy, onAction }: { order: Order; busy: boolean; onAction: (action: FulfilmentAction) => void }) {
  const t = useMessages(staffMessages);
  const f = useFormat();
  const step = (label: string, status: Order['status']) => (
    <Button size="sm" disabled={busy} onClick={() => onAction({ kind: 'status', id: order.id, status })}>
      {label}
    </Button>
  );
  const cancellable = order.status === 'pending' || order.status === 'confirmed' || order.status === 'processing';
  return (
    <article aria-label={t.orderLabel(order.orderNumber)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">{order.orderNumber}</h2>
          <p className="text-sm text-slate-600">
            {order.shippingAddress.name} · {f.date(order.createdAt)} · {t.lines(order.items.length)}
          </p>
          {order.trackingNumber && (
            <p className="text-sm break-all text-slate-600">
              {order.carrier} · {order.trackingNumber}
            </p>
          )}
        </div>
        <div className="flex items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <span className="font-bold text-slate-900">{f.price(order.total)}</span>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {order.status === 'pending' && step(t.confirm, 'confirmed')}
        {order.status === 'confirmed' && step(t.startProcessing, 'processing')}
        {order.status === 'processing' && <ShipForm order={order} busy={busy} onAction={onAction} />}
        {order.status === 'shipped' && step(t.markDelivered, 'delivered')}
        {cancellable && (
          <Button variant="ghost" size="sm" className="text-red-700" disabled={busy} onClick={() => onAction({ kind: 'cancel', id: order.id })}>
            {t.cancelOrder}
          </Button>
        )}
      </div>
    </article>
  );
}
