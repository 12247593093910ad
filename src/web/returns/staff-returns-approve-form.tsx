import { useTranslation } from 'react-i18next';
import { approveReturnBody, type StaffReturnView } from '#contracts/returns';
import { CARRIERS } from '#contracts/shipping';
import { Button } from '../components/ui/button.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { type RunAction, useSettle } from './staff-returns-action.ts';
import { StaffReturnsChoice } from './staff-returns-choice.tsx';

/** Approves a requested return: a return label booked with a carrier, or drop-off instructions for the buyer. */
export function StaffReturnsApproveForm({ rma, run, onClose }: { rma: StaffReturnView; run: RunAction; onClose: () => void }) {
  const { t } = useTranslation(['staff-returns', 'staff-shipping']);
  const settle = useSettle();
  const form = useContractForm(approveReturnBody, { defaultValues: { method: 'label', carrier: '', instructions: '' } });
  const method = form.watch('method');

  const submit = form.handleSubmit(async (body) => {
    if (await settle(run({ kind: 'approve', rma: rma.rma, body }), form.setServerErrors)) onClose();
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('approveFor', { rma: rma.rma })} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <StaffReturnsChoice legend={t('returnMethod')} error={form.errorText('method')} {...form.register('method')}
        options={(['label', 'drop_off'] as const).map((value) => ({ value, label: t('method', { context: value }) }))} />
      {method === 'label' ? (
        <SelectField label={t('carrier')} required placeholder={t('chooseCarrier')}
          options={CARRIERS.map((carrier) => ({ value: carrier, label: t('staff-shipping:carrierName', { context: carrier }) }))}
          {...form.register('carrier')} error={form.errorText('carrier')} />
      ) : (
        <TextAreaField label={t('instructions')} required hint={t('instructionsHint')} {...form.register('instructions')}
          error={form.errorText('instructions')} />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>{t('approveSubmit')}</Button>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>{t('close')}</Button>
      </div>
    </form>
  );
}
