import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, FileText, ShieldCheck } from 'lucide-react';
import { LICENCE_TYPES, type Licence } from '#contracts/licences';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { FormField, controlClasses } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { ApiError } from '../lib/api.ts';
import { myLicencesQuery, openLicenceFile, useUploadLicence } from './licences.api.ts';
import { licenceMessages } from './messages.ts';
import { PageHeader } from '../components/ui/page-header.tsx';

type Text = (typeof licenceMessages)['en'];

function UploadForm({ t }: { t: Text }) {
  const upload = useUploadLicence();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    upload.mutate(new FormData(form), {
      onSuccess: () => {
        setErrors({});
        form.reset();
        notify.success(t.uploaded, t.uploadedText);
      },
      onError: (error) => {
        setErrors(error instanceof ApiError ? error.fieldErrors : {});
        notify.error(t.uploadFailed, error instanceof ApiError && error.status === 400 ? undefined : error.message);
      },
    });
  }

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t.uploadHeading}</h2>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <SelectField
          name="licence_type" label={t.licenceType} required defaultValue="" placeholder={t.chooseType}
          options={LICENCE_TYPES.map((type) => ({ value: type, label: t.type(type) }))} error={errors.licence_type?.[0]}
        />
        <TextField name="licence_number" label={t.licenceNumber} required maxLength={100} error={errors.licence_number?.[0]} />
        <TextField name="expires_on" type="date" label={t.expiresOn} required error={errors.expires_on?.[0]} />
        <FormField label={t.file} required hint={t.fileHint} error={errors.file?.[0]}>
          {(control) => (
            <input
              {...control} name="file" type="file" accept="application/pdf,image/jpeg,image/png"
              className={controlClasses(Boolean(errors.file), 'h-11 py-2 file:me-3 file:rounded file:border-0 file:bg-brand-50 file:px-2 file:text-brand-800')}
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={upload.isPending}>{upload.isPending ? t.uploading : t.upload}</Button>
        </div>
      </form>
    </Card>
  );
}

const tone = (licence: Licence): BadgeTone =>
  licence.is_valid ? 'success' : licence.status === 'pending' && !licence.is_expired ? 'warning' : 'neutral';

function LicenceRow({ licence, t }: { licence: Licence; t: Text }) {
  const label = licence.is_expired ? t.statusExpired : t.status(licence.status);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{t.type(licence.licence_type)} · {licence.licence_number}</p>
        <p className="text-sm text-slate-600">
          {licence.is_expired ? t.expiredOn(licence.expires_on) : t.validThrough(licence.expires_on)} · {t.uploadedOn(licence.uploaded_at.slice(0, 10))}
        </p>
        {licence.status === 'rejected' && <p className="mt-1 text-sm text-red-700">{t.rejectedBecause(licence.rejection_reason)}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Badge tone={tone(licence)}>{label}</Badge>
        <Button
          variant="secondary" size="sm"
          onClick={() => void openLicenceFile(licence.file_url).catch((error: Error) => notify.error(t.fileFailed, error.message))}
        >
          <FileText aria-hidden="true" className="h-4 w-4" />
          {t.viewFile}
        </Button>
      </div>
    </li>
  );
}

/** /profile/licences: the buyer's licences and the form to upload one. */
export function LicencesPage() {
  const t = useMessages(licenceMessages);
  const { user } = useCurrentUser();
  const licences = useQuery(myLicencesQuery());
  const business = user?.accountType === 'business';

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t.pageTitle}</title>
      <PageHeader icon={ShieldCheck} title={t.heading} intro={t.intro} />
      {licences.data?.gate.can_buy_restricted && (
        <p className="mt-4 flex items-center gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          <BadgeCheck aria-hidden="true" className="h-4 w-4" />
          {t.canBuy}
        </p>
      )}
      <div className="mt-6 space-y-6">
        {user && !business ? <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">{t.businessOnly}</p> : <UploadForm t={t} />}
        <section aria-labelledby="licence-list">
          <h2 id="licence-list" className="text-lg font-semibold text-slate-900">{t.listHeading}</h2>
          {licences.isError ? (
            <div className="mt-3">
              <ErrorState title={t.loadFailed} error={licences.error} onRetry={() => void licences.refetch()} retrying={licences.isFetching} />
            </div>
          ) : licences.isPending ? (
            <p role="status" className="mt-3 text-sm text-slate-600">{t.loading}</p>
          ) : licences.data.licences.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t.none}</p>
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
