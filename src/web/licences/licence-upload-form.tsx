import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LICENCE_TYPES, licenceFields, uploadLicence } from '#contracts/licences';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { FormField, controlClasses } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { isApiError } from '../lib/api.ts';
import { useUploadLicence } from './licences.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** The contract's text fields, with the chosen document beside them (the server judges the file itself). */
const uploadForm = licenceFields.extend({ file: z.custom<FileList | undefined>() });

export function LicenceUploadForm() {
  const { t } = useTranslation('licences');
  const failureText = useErrorText();
  const upload = useUploadLicence();
  const form = useContractForm(uploadForm, {
    defaultValues: { licence_type: '', licence_number: '', expires_on: '' },
    overrides: { licence_type: t('chooseTypeError') },
  });
  const { register, errorText } = form;

  const submit = form.handleSubmit(({ file, ...fields }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (file?.[0]) body.append('file', file[0]);
    upload.mutate(body, {
      onSuccess: () => {
        form.reset();
        notify.success(t('uploaded'), t('uploadedText'));
      },
      onError: (error) => {
        const onFields = form.setServerErrors(error);
        notify.error(t('uploadFailed'), onFields ? undefined
          : isApiError(error, uploadLicence, 'ACCOUNT_TYPE_NOT_ALLOWED') ? t('businessOnly') : failureText(error));
      },
    });
  });

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t('uploadHeading')}</h2>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <SelectField
          label={t('licenceType')} required placeholder={t('chooseType')} {...register('licence_type')} error={errorText('licence_type')}
          options={LICENCE_TYPES.map((type) => ({ value: type, label: t('type', { context: type }) }))}
        />
        <TextField label={t('licenceNumber')} required maxLength={100} {...register('licence_number')} error={errorText('licence_number')} />
        <TextField type="date" label={t('expiresOn')} required {...register('expires_on')} error={errorText('expires_on')} />
        <FormField label={t('file')} required hint={t('fileHint')} error={errorText('file')}>
          {(control) => (
            <input
              {...control} {...register('file')} type="file" accept="application/pdf,image/jpeg,image/png"
              className={controlClasses(Boolean(errorText('file')), 'h-11 py-2 file:me-3 file:rounded file:border-0 file:bg-brand-50 file:px-2 file:text-brand-800')}
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={upload.isPending}>{upload.isPending ? t('uploading') : t('upload')}</Button>
        </div>
      </form>
    </Card>
  );
}
