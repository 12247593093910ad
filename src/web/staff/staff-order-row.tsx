import { useState, type FormEvent } from 'react';
import type { Order } from '#contracts/orders';
import { Button } from '../components/ui/button.tsx';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { firstFieldErrors } from '../auth/field-errors.ts';
import { cx } from '../lib/class-names.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';
import { OrderStatusBadge } from '../orders/order-status-badge.tsx';
import { staffMessages } from './messages.ts';
import type { FulfilmentAction } from './staff-orders.api.ts';
import { DataText } from '../components/ui/data-text.tsx';

const inputClasses = 'h-9 min-w-0 rounded-lg border px-3 text-sm';

type ShipErrors = Partial<Record<'carrier' | 'trackingNumber', string>>;
export type FulfilmentHandler = (action: FulfilmentAction, onFailure?: (error: unknown) => void) => void;

/** Empty fields are named before anything is sent; the server's per-field answers (400) land on the same fields. */
function ShipForm({ order, busy, onAction }: { order: Order; busy: boolean; onAction: FulfilmentHandler }) {
  const t = useMessages(staffMessages);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<ShipErrors>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    const missing: ShipErrors = {
      ...(carrier.trim() ? {} : { carrier: t.carrierRequired }),
      ...(trackingNumber.trim() ? {} : { trackingNumber: t.trackingRequired }),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    onAction({ kind: 'ship', id: order.id, body: { carrier, trackingNumber } }, (error) => setErrors(firstFieldErrors(error)));
  }
  const field = (name: keyof ShipErrors, label: string, value: string, onChange: (value: string) => void, width: string) => {
    const errorId = `ship-${order.id}-${name}-error`;
    return (
      <div className="min-w-0">
        <input aria-label={label} placeholder={name === 'carrier' ? t.carrier : t.trackingNumber} value={value}
          aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className={cx(inputClasses, width, errors[name] ? 'border-red-400' : 'border-slate-300')} />
        <FieldMessage id={errorId} error={errors[name]} />
      </div>
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
      {field('carrier', t.carrierFor(order.orderNumber), carrier, setCarrier, 'w-full sm:w-32')}
      {field('trackingNumber', t.trackingFor(order.orderNumber), trackingNumber, setTrackingNumber, 'w-full sm:w-44')}
      <Button type="submit" size="sm" disabled={busy}>
        {t.ship}
      </Button>
    </form>
  );
}

/** One order with the next steps staff may take on it. */
export function StaffOrderRow({ order, busy, onAction }: { order: Order; busy: boolean; onAction: FulfilmentHandler }) {
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
          <DataText as="h2" className="font-semibold text-slate-900">{order.orderNumber}</DataText>
          <p className="text-sm text-slate-600">
            <DataText>{order.shippingAddress.name}</DataText> · {f.date(order.createdAt)} · {t.lines(order.items.length)}
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
