import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowLeft, Download, FileUp } from 'lucide-react';
import type { ImportResult } from '#contracts/staff-products';
import { staffAccess } from '#contracts/staff-roles';
import { categoriesQuery } from '../catalog/catalog.api.ts';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { FormField, controlClasses } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { PageHeader } from '../components/ui/page-header.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { serverIssueErrors, useIssueText } from '../lib/issue-text.ts';
import { useCategoryText } from '../i18n/translated.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { uploadImport, type ImportFiles, type UploadProgress } from './product-import.api.ts';
import { ProductImportProgress } from './product-import-progress.tsx';
import { ProductImportSummary } from './product-import-summary.tsx';
import { useErrorText } from '../lib/error-text.ts';

/** The template's header and one example product, served with the storefront. */
export const TEMPLATE_URL = '/product-import-template.csv';

const fileClasses = (invalid: boolean) =>
  controlClasses(invalid, 'h-11 py-2 file:me-3 file:rounded file:border-0 file:bg-brand-50 file:px-2 file:text-brand-800');

type Run = { dryRun: boolean; progress: UploadProgress };

/** A preview that would neither create nor change a product: importing it would do nothing. */
const nothingToImport = (preview: ImportResult) => preview.products.created + preview.products.updated === 0;

function ProductImport() {
  const { t } = useTranslation(['product-import', 'validation']);
  const errorText = useErrorText();
  const issueText = useIssueText();
  const categoryText = useCategoryText();
  const categories = useQuery(categoriesQuery());
  const [files, setFiles] = useState<Partial<ImportFiles>>({});
  const [defaultCategory, setDefaultCategory] = useState('');
  const [missingCsv, setMissingCsv] = useState(false);
  const [running, setRunning] = useState<Run | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  // A preview or a result is of the files and the default category it was made with.
  const forget = () => {
    setPreview(null);
    setResult(null);
  };
  const choose = (name: keyof ImportFiles, file: File | undefined) => {
    setFiles((before) => ({ ...before, [name]: file }));
    forget();
    if (name === 'csv') setMissingCsv(false);
  };
  /** Why the server refused the upload, in the reader's language when it says so with a key. */
  const refusal = (error: Error) => Object.values(serverIssueErrors(error)).map(issueText).join(' ') || errorText(error);

  const run = (dryRun: boolean) => {
    if (!files.csv) {
      setMissingCsv(true);
      return;
    }
    setRunning({ dryRun, progress: { phase: 'sending', share: 0 } });
    setResult(null);
    uploadImport({ csv: files.csv, images: files.images, defaultCategory }, dryRun, (progress) => setRunning({ dryRun, progress }))
      .then((answer) => {
        setPreview(dryRun ? answer : null);
        if (!dryRun) setResult(answer);
      })
      .catch((error: Error) => notify.error(t('failed'), refusal(error)))
      .finally(() => setRunning(null));
  };
  const submitPreview = (event: FormEvent) => {
    event.preventDefault();
    run(true);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <Link to="/staff/products" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('back')}
      </Link>
      <PageHeader icon={FileUp} title={t('heading')} intro={t('intro')} />

      <Card className="p-5">
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submitPreview} noValidate>
          <FormField label={t('csvFile')} required hint={t('csvHint')} error={missingCsv ? t('chooseCsv') : undefined}>
            {(control) => (
              <input {...control} type="file" accept=".csv,text/csv" className={fileClasses(missingCsv)}
                onChange={(event) => choose('csv', event.target.files?.[0])} />
            )}
          </FormField>
          <FormField label={t('imagesFile')} hint={t('imagesHint')}>
            {(control) => (
              <input {...control} type="file" accept=".zip,application/zip" className={fileClasses(false)}
                onChange={(event) => choose('images', event.target.files?.[0])} />
            )}
          </FormField>
          <SelectField label={t('defaultCategory')} hint={t('defaultCategoryHint')} value={defaultCategory}
            onChange={(event) => {
              setDefaultCategory(event.target.value);
              forget();
            }}
            options={[
              { value: '', label: t('noDefaultCategory') },
              ...(categories.data ?? []).map((category) => ({ value: category.slug, label: categoryText(category).name })),
            ]} />
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={running !== null}>
              {running?.dryRun ? t('previewing') : t('preview')}
            </Button>
            <Button onClick={() => run(false)} disabled={running !== null || preview === null || nothingToImport(preview)}>
              {running && !running.dryRun ? t('importing') : t('import')}
            </Button>
            <a href={TEMPLATE_URL} download className={buttonClasses({ variant: 'ghost' })}>
              <Download aria-hidden="true" className="h-4 w-4" /> {t('template')}
            </a>
          </div>
          {preview && (
            <div className="space-y-1 text-sm sm:col-span-2">
              {nothingToImport(preview) && (
                <p role="status" className={preview.errors.length ? 'font-medium text-red-700' : 'text-slate-700'}>
                  {preview.errors.length ? t('nothingToImport') : t('nothingToChange')}
                </p>
              )}
              {!nothingToImport(preview) && preview.errors.length > 0 && <p className="text-slate-600">{t('importSkips')}</p>}
              {!nothingToImport(preview) && preview.warnings.length > 0 && <p className="text-slate-600">{t('warningsImported')}</p>}
            </div>
          )}
        </form>
      </Card>

      {running && <ProductImportProgress progress={running.progress} />}
      {preview && <ProductImportSummary result={preview} heading={t('previewHeading')} />}
      {result && (
        <>
          <ProductImportSummary result={result} heading={t('resultHeading')} />
          <Link to="/staff/products" className={buttonClasses({ variant: 'secondary' })}>{t('viewProducts')}</Link>
        </>
      )}
    </div>
  );
}

export function ProductImportPage() {
  const { t } = useTranslation('product-import');
  return (
    <StaffOnly access={staffAccess.catalogue} reason={t('staffOnly')}>
      <ProductImport />
    </StaffOnly>
  );
}
