import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, FileText, ShieldCheck } from 'lucide-react';
import type { Licence } from '#contracts/licences';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { expiryDay } from './expiry-day.ts';
import { LicenceUploadForm } from './licence-upload-form.tsx';
import { myLicencesQuery, openLicenceFile } from './licences.api.ts';
import { PageHeader } from '../components/ui/page-header.tsx';
import { useErrorText } from '../lib/error-text.ts';

const tone = (licence: Licence): BadgeTone =>
  licence.is_valid ? 'success' : licence.status === 'pending' && !licence.is_expired ? 'warning' : 'neutral';

function LicenceRow({ licence, t }: { licence: Licence; t: TFunction<'licences'> }) {
  const f = useFormat();
  const errorText = useErrorText();
  const expiry = expiryDay(f, licence.expires_on);
  const label = licence.is_expired ? t('statusExpired') : t('status', { context: licence.status });
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{t('type', { context: licence.licence_type })} · {licence.licence_number}</p>
        <p className="text-sm text-slate-600">
          {licence.is_expired ? t('expiredOn', { day: expiry }) : t('validThrough', { day: expiry })} · {t('uploadedOn', { day: f.date(licence.uploaded_at) })}
        </p>
        {licence.status === 'rejected' && <p className="mt-1 text-sm text-red-700">{t('rejectedBecause', { reason: licence.rejection_reason })}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Badge tone={tone(licence)}>{label}</Badge>
        <Button
          variant="secondary" size="sm"
          onClick={() => void openLicenceFile(licence.file_url).catch((error: Error) => notify.error(t('fileFailed'), errorText(error)))}
        >
          <FileText aria-hidden="true" className="h-4 w-4" />
          {t('viewFile')}
        </Button>
      </div>
    </li>
  );
}

/** /profile/licences: the buyer's licences and the form to upload one. */
export function LicencesPage() {
  const { t } = useTranslation('licences');
  const { user } = useCurrentUser();
  const licences = useQuery(myLicencesQuery());
  const business = user?.accountType === 'business';

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={ShieldCheck} title={t('heading')} intro={t('intro')} />
      {licences.data?.gate.can_buy_restricted && (
        <p className="mt-4 flex items-center gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          <BadgeCheck aria-hidden="true" className="h-4 w-4" />
          {t('canBuy')}
        </p>
      )}
      <div className="mt-6 space-y-6">
        {user && !business ? <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">{t('businessOnly')}</p> : <LicenceUploadForm />}
        <section aria-labelledby="licence-list">
          <h2 id="licence-list" className="text-lg font-semibold text-slate-900">{t('listHeading')}</h2>
          {licences.isError ? (
            <div className="mt-3">
              <ErrorState title={t('loadFailed')} error={licences.error} onRetry={() => void licences.refetch()} retrying={licences.isFetching} />
            </div>
          ) : licences.isPending ? (
            <p role="status" className="mt-3 text-sm text-slate-600">{t('loading')}</p>
          ) : licences.data.licences.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t('none')}</p>
          ) : (
            <Card className="mt-3">
              <ul className="divide-y divide-slate-200">
                {licences.data.licences.map((licence) => <LicenceRow key={licence.id} licence={licence} t={t} />)}
              </ul>
            </Card>
          )}
        </section>
      </div>
    </div>
  );
}
