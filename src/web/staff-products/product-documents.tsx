import { useTranslation } from 'react-i18next';
import { useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, FilePlus, Trash2 } from 'lucide-react';
import { DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, documentFields, type StaffDocument } from '#contracts/staff-media';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { productDocumentsQuery, useRemoveDocument, useUploadDocument } from './product-documents.api.ts';
import { ConfirmRemoval } from './product-photos-confirm.tsx';
import { MediaSection } from './product-photos-section.tsx';
import { useFileRefusal } from './product-photos-refusal.ts';

const STATUS_TONES = { current: 'success', scheduled: 'brand', superseded: 'neutral', expired: 'danger' } as const;

/** No form of its own: the editor around it is one, so Enter must not save the product. */
const keepEnter = (event: KeyboardEvent) => event.key === 'Enter' && event.preventDefault();

function DocumentRow({ document, onRemove }: { document: StaffDocument; onRemove: () => void }) {
  const { t } = useTranslation('staff-media');
  const format = useFormat();
  const day = (value: string) => format.date(`${value}T00:00:00`);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center" data-testid="product-document">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <DataText as="p" className="font-semibold text-slate-900">{document.name}</DataText>
          <Badge tone={STATUS_TONES[document.status]}>{t(`status_${document.status}`)}</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {t(`kind_${document.kind as (typeof DOCUMENT_KINDS)[number]}`, { defaultValue: document.kind })} · {t('versionLabel', { version: document.version })}
          {' · '}{document.size}
          {document.issued_on && <> · {t('issued', { date: day(document.issued_on) })}</>}
          {document.expires_on && <> · {t('expires', { date: day(document.expires_on) })}</>}
        </p>
      </div>
      <div className="flex gap-2">
        <a href={document.url} aria-label={t('download', { name: document.name, version: document.version })}
          className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50">
          <Download aria-hidden="true" className="h-4 w-4" />
        </a>
        <Button size="icon" variant="secondary" className="text-red-700" aria-label={t('removeDocument', { name: document.name, version: document.version })}
          onClick={onRemove}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </li>
  );
}

/** A new document, or the next version of one of the product's documents. */
function AddDocument({ productId, documents }: { productId: number; documents: StaffDocument[] }) {
  const { t } = useTranslation('staff-media');
  const fileRefusal = useFileRefusal();
  const upload = useUploadDocument(productId);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useContractForm(documentFields, {
    defaultValues: { name: '', kind: '', version: '', issued_on: '', expires_on: '', supersedes: '' },
  });
  const { register } = form;
  const series = [...new Map(documents.map((document) => [document.series, document])).values()];

  const chooseSeries = (value: string) => {
    const latest = series.find((document) => document.series === value);
    if (latest) {
      form.setValue('name', latest.name);
      form.setValue('kind', latest.kind as (typeof DOCUMENT_KINDS)[number]);
    }
  };

  const submit = form.handleSubmit(() => {
    if (!file) return setFileError(t('fileMissing'));
    if (file.size > DOCUMENT_MAX_BYTES) return setFileError(t('documentTooLarge'));
    const body = new FormData();
    Object.entries(form.getValues()).forEach(([name, value]) => body.append(name, String(value ?? '')));
    body.append('file', file);
    upload.mutate(body, {
      onSuccess: ({ document }) => {
        notify.success(t('added'), document.name);
        form.reset();
        setFile(null);
      },
      onError: (error) => {
        form.setServerErrors(error);
        setFileError(fileRefusal(error));
        notify.error(t('addFailed'));
      },
    });
  });

  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('addDocument')}</legend>
      <div>
        <label htmlFor={fileId} className="mb-1.5 block text-sm font-semibold text-slate-800">{t('file')}<span aria-hidden="true" className="ms-0.5 text-red-600">*</span></label>
        <input id={fileId} type="file" accept="application/pdf"
          aria-invalid={fileError ? true : undefined} aria-describedby={fileError ? `${fileId}-error` : undefined}
          className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(null);
          }} />
        <FieldMessage id={`${fileId}-error`} error={fileError ?? undefined} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('supersedes')} options={[{ value: '', label: t('newSeries') }, ...series.map((document) => ({
          value: document.series, label: `${document.name} (${t('versionLabel', { version: document.version })})`,
        }))]} {...register('supersedes', { onChange: (event) => chooseSeries(String(event.target.value)) })} />
        <TextField label={t('name')} required error={form.errorText('name')} onKeyDown={keepEnter} {...register('name')} />
        <SelectField label={t('kind')} required placeholder="" error={form.errorText('kind')}
          options={DOCUMENT_KINDS.map((kind) => ({ value: kind, label: t(`kind_${kind}`) }))} {...register('kind')} />
        <TextField label={t('version')} hint={t('versionHint')} inputMode="numeric" error={form.errorText('version')}
          onKeyDown={keepEnter} {...register('version')} />
        <TextField label={t('issuedOn')} hint={t('issuedHint')} type="date" error={form.errorText('issued_on')} onKeyDown={keepEnter} {...register('issued_on')} />
        <TextField label={t('expiresOn')} hint={t('expiresHint')} type="date" error={form.errorText('expires_on')} onKeyDown={keepEnter} {...register('expires_on')} />
      </div>
      <Button disabled={upload.isPending} onClick={() => void submit()}>
        <FilePlus aria-hidden="true" className="h-4 w-4" /> {upload.isPending ? t('adding') : t('addDocument')}
      </Button>
    </fieldset>
  );
}

/** A product's documents in the editor: each version with its status as the storefront shows it, added and removed. */
export function ProductDocuments({ productId }: { productId: number }) {
  const { t } = useTranslation('staff-media');
  const list = useQuery(productDocumentsQuery(productId));
  const remove = useRemoveDocument(productId);
  const [removing, setRemoving] = useState<StaffDocument | null>(null);
  return (
    <MediaSection id="product-documents-heading" title={t('documentsHeading')} intro={t('documentsIntro')}>
      {list.isPending ? <Skeleton className="h-20 w-full" /> : list.isError ? (
        <ErrorState title={t('documentsLoadFailed')} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <>
          {list.data.documents.length === 0 ? <p className="text-sm text-slate-600">{t('noDocuments')}</p> : (
            <ul className="space-y-2">
              {list.data.documents.map((document) => (
                <DocumentRow key={document.id} document={document} onRemove={() => setRemoving(document)} />
              ))}
            </ul>
          )}
          <AddDocument productId={productId} documents={list.data.documents} />
        </>
      )}
      {removing && (
        <ConfirmRemoval title={t('removeDocumentTitle')} text={t('removeDocumentText')} done={t('documentRemoved')}
          failed={t('documentRemoveFailed')} remove={{ mutate: (_, options) => remove.mutate(removing.id, options), isPending: remove.isPending }}
          onClose={() => setRemoving(null)} />
      )}
    </MediaSection>
  );
}
