import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#contracts/orders';
import { refundBody, type RefundBody } from '#contracts/refunds';
import { Button } from '../components/ui/button.tsx';
import { controlClasses, FormField } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { useErrorText } from '../lib/error-text.ts';
import { serverIssueErrors } from '../lib/issue-text.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';

/** Sends one refund with its Idempotency-Key; resolves once it is made, rejects with the server's answer. */
export type RefundHandler = (orderId: string, body: RefundBody, idempotencyKey: string) => Promise<unknown>;

/**
 * Gives back part of an order's payment, up to what is left of it. One Idempotency-Key per refund: a retry after a
 * lost answer is the same refund; a new one is drawn once a refund is made. The transfer reference is asked for once
 * the server says the gateway cannot refund this payment.
 */
export function RefundForm({ order, onRefund }: { order: Pick<Order, 'id' | 'orderNumber' | 'refundable'>; onRefund: RefundHandler }) {
  const { t } = useTranslation('staff');
  const errorText = useErrorText();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const [needsReference, setNeedsReference] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const form = useContractForm(refundBody, { defaultValues: { amount: '', reason: '', reference: '' } });
  const refundable = f.money(order.refundable, 'USD');

  const submit = form.handleSubmit(async (body) => {
    try {
      await onRefund(order.id, { ...body, reference: body.reference || undefined }, key);
    } catch (error) {
      if (serverIssueErrors(error).reference) setNeedsReference(true);
      if (!form.setServerErrors(error)) notify.error(t('refundFailed'), errorText(error));
      return;
    }
    notify.success(t('refunded'), t('refundedText', { number: order.orderNumber }));
    setKey(crypto.randomUUID());
    form.reset();
    setNeedsReference(false);
    setOpen(false);
  });

  if (!open) {
    return (
      <Button variant="secondary" size="sm" aria-expanded={false} onClick={() => setOpen(true)}>
        {t('refund')}
      </Button>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-label={t('refundFor', { number: order.orderNumber })}
      className="mt-3 w-full space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="text-sm text-slate-700">{t('refundable', { amount: refundable })}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('refundAmount')} required error={form.errorText('amount')}>
          {(control) => <input {...control} {...form.register('amount')} inputMode="decimal" dir="ltr" placeholder={order.refundable}
            className={controlClasses(Boolean(control['aria-invalid']), 'h-9')} />}
        </FormField>
        <FormField label={t('refundReason')} required error={form.errorText('reason')}>
          {(control) => <input {...control} {...form.register('reason')} className={controlClasses(Boolean(control['aria-invalid']), 'h-9')} />}
        </FormField>
        {needsReference && (
          <FormField label={t('refundReference')} required error={form.errorText('reference')} hint={t('refundReferenceHint')}>
            {(control) => <input {...control} {...form.register('reference')} dir="ltr" className={controlClasses(Boolean(control['aria-invalid']), 'h-9')} />}
          </FormField>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>{t('refundSubmit')}</Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>{t('refundClose')}</Button>
      </div>
    </form>
  );
}
