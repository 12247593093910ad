import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCancelOrder } from '#contracts/staff-orders';
import type { StaffOrderDetail } from '#contracts/staff-order-detail';
import { Button } from '../components/ui/button.tsx';
import { controlClasses, FormField } from '../components/ui/form-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { RefundForm, type RefundHandler } from '../staff/refund-form.tsx';
import { ShipForm, type ShippableOrder } from '../staff/ship-form.tsx';
import type { FulfilmentHandler } from '../staff/staff-order-row.tsx';
import { useRefundOrder } from '../staff/staff-orders.api.ts';

/** Cancelling with the reason the buyer reads on the timeline; stock and payment go back on the server. */
function CancelForm({ orderId, orderNumber, busy, onAction }: { orderId: string; orderNumber: string; busy: boolean; onAction: FulfilmentHandler }) {
  const { t } = useTranslation('staff-orders');
  const [open, setOpen] = useState(false);
  const form = useContractForm(staffCancelOrder.body, { defaultValues: { reason: '' } });
  if (!open) {
    return <Button variant="ghost" size="sm" className="text-red-700" aria-expanded={false} onClick={() => setOpen(true)}>{t('cancelOrder')}</Button>;
  }
  const submit = form.handleSubmit(({ reason }) => onAction({ kind: 'cancel', id: orderId, reason: reason || undefined },
    (error) => form.setServerErrors(error)));
  return (
    <form noValidate onSubmit={submit} aria-label={t('cancelTitle', { number: orderNumber })}
      className="w-full space-y-3 rounded-lg border border-red-200 bg-red-50 p-3">
      <FormField label={t('cancelReason')} hint={t('cancelHint')} error={form.errorText('reason')}>
        {(control) => <textarea {...control} {...form.register('reason')} rows={2} maxLength={500} className={controlClasses(Boolean(control['aria-invalid']), 'py-2')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="secondary" className="border-red-300 text-red-800" disabled={busy}>{t('confirmCancel')}</Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>{t('keepOrder')}</Button>
      </div>
    </form>
  );
}

/** Each line and the units of it still to ship, e.g. '41:2,42:1'. */
const leftToShip = ({ lines }: StaffOrderDetail) => lines.map((line) => `${line.id}:${line.quantity - line.shipped_quantity}`).join(',');

/** What the caller's role may do with the order now, as the server said: ship its lines, refund, cancel. */
export function OrderActions({ detail, busy, onAction }: { detail: StaffOrderDetail; busy: boolean; onAction: FulfilmentHandler }) {
  const { t } = useTranslation('staff-orders');
  const refundOrder = useRefundOrder();
  const refund: RefundHandler = (id, body, idempotencyKey) => refundOrder.mutateAsync({ id, body, idempotencyKey });
  const { order, actions } = detail;
  const shippable: ShippableOrder = { ...order, items: detail.lines, shippingAddress: { country: detail.ship_to.country } };
  if (!actions.ship && !actions.refund && !actions.cancel) return <p className="text-sm text-slate-600">{t('noActions')}</p>;
  return (
    <div className="space-y-3">
      {/* A new shipment, or a line changed before shipping, starts the form again from what is left. */}
      {actions.ship && <ShipForm key={leftToShip(detail)} order={shippable} busy={busy} onAction={onAction} />}
      {actions.refund && <RefundForm order={order} onRefund={refund} />}
      {actions.cancel && <CancelForm orderId={order.id} orderNumber={order.orderNumber} busy={busy} onAction={onAction} />}
    </div>
  );
}
