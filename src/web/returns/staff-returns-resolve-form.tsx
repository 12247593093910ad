import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RETURN_RESOLUTIONS, resolveReturn, type StaffReturnView } from '#contracts/returns';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { withVariant } from '../catalog/with-variant.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { serverIssueErrors } from '../lib/issue-text.ts';
import { type RunAction, useSettle } from './staff-returns-action.ts';
import { StaffReturnsAmounts } from './staff-returns-amounts.tsx';
import { StaffReturnsChoice } from './staff-returns-choice.tsx';

/**
 * Settles a received return: a refund to the original payment, store credit, or an exchange. One Idempotency-Key
 * per settlement: a retry after a lost answer is the same settlement. The transfer reference is asked for once the
 * server says the gateway cannot refund this payment.
 */
export function StaffReturnsResolveForm({ rma, run, onClose }: { rma: StaffReturnView; run: RunAction; onClose: () => void }) {
  const { t } = useTranslation('staff-returns');
  const f = useFormat();
  const settle = useSettle();
  const [needsReference, setNeedsReference] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const form = useContractForm(resolveReturn.body, { defaultValues: { resolution: '', reference: '' } });
  const resolution = form.watch('resolution');

  const submit = form.handleSubmit(async ({ resolution: chosen, reference }) => {
    const made = await settle(run({ kind: 'resolve', rma: rma.rma, body: { resolution: chosen, reference: reference || undefined }, idempotencyKey: key }),
      (error) => {
        if (serverIssueErrors(error).reference) setNeedsReference(true);
        return form.setServerErrors(error);
      });
    if (made) onClose();
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('resolveFor', { rma: rma.rma })} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <StaffReturnsAmounts amounts={rma.amounts} />
      <StaffReturnsChoice legend={t('resolutionLabel')} error={form.errorText('resolution')} {...form.register('resolution')}
        options={RETURN_RESOLUTIONS.map((value) => ({ value, label: t('resolution', { context: value }) }))} />
      {resolution === 'exchange' && (
        <ul className="space-y-1 text-sm text-slate-700" aria-label={t('replacements')}>
          {rma.items.map((line) => (
            <li key={line.id}>
              <DataText>{withVariant(line.name, line.exchange_variant_label ?? line.variant_label)}</DataText> × {f.number(line.quantity)}
              {line.exchange_variant_label !== null && <span className="text-slate-500"> · {t('askedByBuyer')}</span>}
            </li>
          ))}
        </ul>
      )}
      {needsReference && (
        <TextField label={t('reference')} required dir="ltr" hint={t('referenceHint')} {...form.register('reference')} error={form.errorText('reference')} />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>{t('resolveSubmit')}</Button>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>{t('close')}</Button>
      </div>
    </form>
  );
}
