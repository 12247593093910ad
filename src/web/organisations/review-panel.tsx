import { useState } from 'react';
import type { StaffOrganisation } from '#contracts/organisations';
import { errorSummary, firstFieldErrors } from '../auth/field-errors.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';
import { organisationMessages } from './messages.ts';
import { useApproveOrganisation, useRejectOrganisation } from './organisations.api.ts';

/** Approve or reject (with a reason) a pending organisation; afterwards who decided and why. */
export function ReviewPanel({ organisation }: { organisation: StaffOrganisation }) {
  const t = useMessages(organisationMessages);
  const f = useFormat();
  const approve = useApproveOrganisation();
  const reject = useRejectOrganisation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const busy = approve.isPending || reject.isPending;

  const onApprove = () => approve.mutate(organisation.id, {
    onSuccess: () => notify.success(t.approved, t.approvedText(organisation.name)),
    onError: (e) => notify.error(t.actionFailed, errorSummary(e, t.actionFailed)),
  });
  const onReject = () => reject.mutate({ id: organisation.id, reason }, {
    onSuccess: () => {
      setRejecting(false);
      notify.success(t.rejected, t.rejectedToastText(organisation.name));
    },
    onError: (e) => {
      const field = firstFieldErrors(e).reason;
      if (field) setError(field);
      else notify.error(t.actionFailed, errorSummary(e, t.actionFailed));
    },
  });

  return (
    <section aria-labelledby="review-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="review-heading" className="text-base font-semibold text-slate-900">{t.review}</h2>
      {organisation.reviewed_by && organisation.reviewed_at && (
        <p className="mt-1 text-sm text-slate-600">{t.reviewedBy(organisation.reviewed_by, f.date(organisation.reviewed_at))}</p>
      )}
      {organisation.rejection_reason && <p className="mt-1 text-sm text-slate-700">{t.reason(organisation.rejection_reason)}</p>}
      {organisation.status === 'pending' && !rejecting && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={busy} onClick={onApprove}>{t.approve}</Button>
          <Button variant="secondary" disabled={busy} onClick={() => setRejecting(true)}>{t.reject}</Button>
        </div>
      )}
      {organisation.status === 'pending' && rejecting && (
        <form className="mt-3 space-y-3" onSubmit={(event) => { event.preventDefault(); onReject(); }}>
          <TextField
            label={t.rejectionReason}
            hint={t.rejectionHint}
            required
            maxLength={500}
            value={reason}
            error={error}
            onChange={(event) => { setReason(event.target.value); setError(undefined); }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>{t.confirmReject}</Button>
            <Button type="button" variant="ghost" onClick={() => setRejecting(false)}>{t.cancel}</Button>
          </div>
        </form>
      )}
    </section>
  );
}
