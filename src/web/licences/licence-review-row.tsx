import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { FileText } from 'lucide-react';
import { rejectLicence, verifyLicence, type StaffLicence } from '#contracts/licences';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { isApiError } from '../lib/api.ts';
import { expiryDay } from './expiry-day.ts';
import { openLicenceFile, useReviewLicence } from './licences.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** One licence in the staff queue: verified at a click, or rejected with the reason the buyer is told. */
export function LicenceReviewRow({ licence }: { licence: StaffLicence }) {
  const { t } = useTranslation('licences');
  const errorText = useErrorText();
  const f = useFormat();
  const review = useReviewLicence();
  const [rejecting, setRejecting] = useState(false);
  const form = useContractForm(rejectLicence.body, { defaultValues: { reason: '' } });
  const expiry = expiryDay(f, licence.expires_on);

  // Awaited rather than given callbacks: the row leaves this filter (and unmounts) as soon as the list is re-read.
  async function act(reject?: string) {
    try {
      await review.mutateAsync({ id: licence.id, reject });
      setRejecting(false);
      notify.success(reject === undefined ? t('verified') : t('rejected'), t('reviewed', { email: licence.owner.email, number: licence.licence_number }));
    } catch (failure) {
      const onFields = form.setServerErrors(failure);
      notify.error(t('actionFailed'), onFields ? undefined
        : isApiError(failure, verifyLicence, 'LICENCE_EXPIRED') ? t('expiredCannotVerify') : errorText(failure));
    }
  }
  const submitRejection = form.handleSubmit(({ reason }) => act(reason));

  return (
    <li className="p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{licence.owner.name} · {licence.owner.hospital_name || licence.owner.email}</p>
          <p className="text-sm text-slate-600">{licence.owner.email}</p>
          <p className="mt-1 text-sm text-slate-700">
            {t('type', { context: licence.licence_type })} · {licence.licence_number} · {licence.is_expired ? t('expiredOn', { day: expiry }) : t('validThrough', { day: expiry })}
          </p>
          {licence.status === 'rejected' && <p className="text-sm text-red-700">{t('rejectedBecause', { reason: licence.rejection_reason })}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={licence.is_valid ? 'success' : licence.status === 'pending' ? 'warning' : 'neutral'}>
            {licence.is_expired ? t('statusExpired') : t('status', { context: licence.status })}
          </Badge>
          <Button variant="ghost" size="sm" onClick={() => void openLicenceFile(licence.file_url).catch((e: Error) => notify.error(t('fileFailed'), errorText(e)))}>
            <FileText aria-hidden="true" className="h-4 w-4" /> {t('viewFile')}
          </Button>
          {licence.status !== 'verified' && !licence.is_expired && (
            <Button size="sm" disabled={review.isPending} onClick={() => void act()} aria-label={t('verifyLicence', { number: licence.licence_number })}>
              {t('verify')}
            </Button>
          )}
          {licence.status !== 'rejected' && (
            <Button variant="secondary" size="sm" disabled={review.isPending} onClick={() => setRejecting(true)}>{t('reject')}</Button>
          )}
        </div>
      </div>
      {rejecting && (
        <form className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submitRejection} noValidate>
          <div className="flex-1">
            <TextField label={t('rejectReason')} {...form.register('reason')} error={form.errorText('reason')} maxLength={500} />
          </div>
          <Button type="submit" disabled={review.isPending}>{t('confirmReject')}</Button>
          <Button type="button" variant="ghost" onClick={() => setRejecting(false)}>{t('cancel')}</Button>
        </form>
      )}
    </li>
  );
}
