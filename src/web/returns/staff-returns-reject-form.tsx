import { useTranslation } from 'react-i18next';
import { rejectReturn, type StaffReturnView } from '#contracts/returns';
import { Button } from '../components/ui/button.tsx';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { type RunAction, useSettle } from './staff-returns-action.ts';

/** Rejects a requested return, saying why (the buyer reads it). */
export function StaffReturnsRejectForm({ rma, run, onClose }: { rma: StaffReturnView; run: RunAction; onClose: () => void }) {
  const { t } = useTranslation('staff-returns');
  const settle = useSettle();
  const form = useContractForm(rejectReturn.body, { defaultValues: { reason: '' } });

  const submit = form.handleSubmit(async ({ reason }) => {
    if (await settle(run({ kind: 'reject', rma: rma.rma, reason }), form.setServerErrors)) onClose();
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('rejectFor', { rma: rma.rma })} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <TextAreaField label={t('rejectReason')} required hint={t('rejectReasonHint')} {...form.register('reason')} error={form.errorText('reason')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>{t('rejectSubmit')}</Button>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>{t('close')}</Button>
      </div>
    </form>
  );
}
