import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { approveOrganisation, rejectOrganisation, type StaffOrganisation } from '#contracts/organisations';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { isApiError } from '../lib/api.ts';
import { useApproveOrganisation, useRejectOrganisation } from './organisations.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** Approve or reject (with a reason) a pending organisation; afterwards who decided and why. */
export function ReviewPanel({ organisation }: { organisation: StaffOrganisation }) {
  const { t } = useTranslation('organisations');
  const errorText = useErrorText();
  const f = useFormat();
  const approve = useApproveOrganisation();
  const reject = useRejectOrganisation();
  const [rejecting, setRejecting] = useState(false);
  const form = useContractForm(rejectOrganisation.body, { defaultValues: { reason: '' } });
  const busy = approve.isPending || reject.isPending;

  /** Another member of staff may have decided meanwhile; the page then shows the organisation as it now is. */
  const refused = (error: Error) => (isApiError(error, [approveOrganisation, rejectOrganisation] as const, 'ILLEGAL_TRANSITION')
    ? notify.error(t('actionFailed'), t('notPending'))
    : notify.error(t('actionFailed'), errorText(error)));

  const onApprove = () => approve.mutate(organisation.id, {
    onSuccess: () => notify.success(t('approved'), t('approvedText', { name: organisation.name })),
    onError: refused,
  });
  const onReject = form.handleSubmit(({ reason }) => reject.mutate({ id: organisation.id, reason }, {
    onSuccess: () => {
      setRejecting(false);
      notify.success(t('rejected'), t('rejectedToastText', { name: organisation.name }));
    },
    onError: (error) => form.setServerErrors(error) || refused(error),
  }));

  return (
    <section aria-labelledby="review-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="review-heading" className="text-base font-semibold text-slate-900">{t('review')}</h2>
      {organisation.reviewed_by && organisation.reviewed_at && (
        <p className="mt-1 text-sm text-slate-600">{t('reviewedBy', { name: organisation.reviewed_by, date: f.date(organisation.reviewed_at) })}</p>
      )}
      {organisation.rejection_reason && <p className="mt-1 text-sm text-slate-700">{t('reason', { text: organisation.rejection_reason })}</p>}
      {organisation.status === 'pending' && !rejecting && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={busy} onClick={onApprove}>{t('approve')}</Button>
          <Button variant="secondary" disabled={busy} onClick={() => setRejecting(true)}>{t('reject')}</Button>
        </div>
      )}
      {organisation.status === 'pending' && rejecting && (
        <form noValidate className="mt-3 space-y-3" onSubmit={onReject}>
          <TextField
            label={t('rejectionReason')}
            hint={t('rejectionHint')}
            required
            maxLength={500}
            {...form.register('reason')}
            error={form.errorText('reason')}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>{t('confirmReject')}</Button>
            <Button type="button" variant="ghost" onClick={() => setRejecting(false)}>{t('cancel')}</Button>
          </div>
        </form>
      )}
    </section>
  );
}
