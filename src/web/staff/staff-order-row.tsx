import { useTranslation } from 'react-i18next';
import type { Order } from '#contracts/orders';
import { shipOrder } from '#contracts/staff-orders';
import { Button } from '../components/ui/button.tsx';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { cx } from '../lib/class-names.ts';
import { useFormat } from '../i18n/use-format.ts';
import { OrderStatusBadge } from '../orders/order-status-badge.tsx';
import type { FulfilmentAction } from './staff-orders.api.ts';
import { DataText } from '../components/ui/data-text.tsx';
import { OrderRefunds } from '../orders/order-refunds.tsx';
import { RefundForm, type RefundHandler } from './refund-form.tsx';

const inputClasses = 'h-9 min-w-0 rounded-lg border px-3 text-sm';

export type FulfilmentHandler = (action: FulfilmentAction, onFailure?: (error: unknown) => void) => void;

/** Empty fields are named before anything is sent; the server's per-field answers (400) land on the same fields. */
function ShipForm({ order, busy, onAction }: { order: Order; busy: boolean; onAction: FulfilmentHandler }) {
  const { t } = useTranslation('staff');
  const form = useContractForm(shipOrder.body, { defaultValues: { carrier: '', trackingNumber: '' } });
  // A missing value is named by the form's own text; any other problem (such as a length) by its key.
  const missing = { carrier: t('carrierRequired'), trackingNumber: t('trackingRequired') };
  const problem = (name: keyof typeof missing) =>
    form.formState.errors[name]?.type === 'required' ? missing[name] : form.errorText(name);
  const submit = form.handleSubmit((body) =>
    onAction({ kind: 'ship', id: order.id, body }, (error) => form.setServerErrors(error)),
  );
  const field = (name: keyof typeof missing, label: string, placeholder: string, width: string) => {
    const errorId = `ship-${order.id}-${name}-error`;
    const error = problem(name);
    return (
      <div className="min-w-0">
        <input aria-label={label} placeholder={placeholder} {...form.register(name)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
          className={cx(inputClasses, width, error ? 'border-red-400' : 'border-slate-300')} />
        <FieldMessage id={errorId} error={error} />
      </div>
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
      {field('carrier', t('carrierFor', { number: order.orderNumber }), t('carrier'), 'w-full sm:w-32')}
      {field('trackingNumber', t('trackingFor', { number: order.orderNumber }), t('trackingNumber'), 'w-full sm:w-44')}
      <Button type="submit" size="sm" disabled={busy}>
        {t('ship')}
      </Button>
    </form>
  );
}

/**
 * One order with the next steps staff may take on it; without `onAction` (support's read-only view), none. Its refunds,
 * and with `onRefund` (the owner and sales) a refund form while some of the payment is left.
 */
export function StaffOrderRow({ order, busy, onAction, onRefund }: {
  order: Order; busy: boolean; onAction?: FulfilmentHandler; onRefund?: RefundHandler;
}) {
  const { t } = useTranslation('staff');
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
          <DataText as="h2" className="font-semibold text-slate-900">{order.orderNumber}</DataText>
          <p className="text-sm text-slate-600">
            <DataText>{order.shippingAddress.name}</DataText> · {f.date(order.createdAt)} · {t('lines', { count: order.items.length })}
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
      {onAction && <div className="mt-3 flex flex-wrap items-center gap-2">
        {order.status === 'pending' && step(t('confirm'), 'confirmed')}
        {order.status === 'confirmed' && step(t('startProcessing'), 'processing')}
        {order.status === 'processing' && <ShipForm order={order} busy={busy} onAction={onAction} />}
        {order.status === 'shipped' && step(t('markDelivered'), 'delivered')}
        {cancellable && (
          <Button variant="ghost" size="sm" className="text-red-700" disabled={busy} onClick={() => onAction?.({ kind: 'cancel', id: order.id })}>
            {t('cancelOrder')}
          </Button>
        )}
      </div>}
      {order.refunds.length > 0 && <div className="mt-3"><OrderRefunds order={order} /></div>}
      {onRefund && Number(order.refundable) > 0 && <div className="mt-3"><RefundForm order={order} onRefund={onRefund} /></div>}
    </article>
  );
}
