import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banknote } from 'lucide-react';
import type { RemittanceRow } from '#contracts/cod';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { DataText } from '../components/ui/data-text.tsx';
import { useErrorText } from '../lib/error-text.ts';
import { useImportRemittances } from './staff-orders.api.ts';

/**
 * Sales staff read in a courier's cash-on-delivery remittance report (CSV): each consignment paid marks its order paid
 * once; the rows the shop could not pay are listed with why.
 */
export function CodRemittanceImport() {
  const { t } = useTranslation('staff');
  const errorText = useErrorText();
  const upload = useImportRemittances();
  const [file, setFile] = useState<File | null>(null);
  const [unpaid, setUnpaid] = useState<RemittanceRow[] | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ rows, counts }) => {
        notify.success(t('remittanceRead'), t('remittanceReadText', { paid: counts.paid, already: counts.already_recorded }));
        setUnpaid(rows.filter((row) => row.outcome !== 'paid' && row.outcome !== 'already_recorded'));
      },
      onError: (error) => notify.error(t('remittanceFailed'), errorText(error)),
    });
  };

  return (
    <form onSubmit={submit} aria-label={t('remittanceHeading')} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <Banknote aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('remittanceHeading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('remittanceIntro')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {/* The browser's own file button would speak its own language, not the page's. */}
        <label className="inline-flex cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:border-brand-300 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300">
          <input type="file" accept=".csv,text/csv" aria-label={t('remittanceFile')} className="sr-only"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          {t('remittanceChoose')}
        </label>
        <DataText className="min-w-0 truncate text-sm text-slate-600">{file?.name ?? t('remittanceNoFile')}</DataText>
        <Button type="submit" size="sm" disabled={!file || upload.isPending}>{t('remittanceImport')}</Button>
      </div>
      {unpaid && unpaid.length > 0 && (
        <ul aria-label={t('remittanceUnpaid')} className="mt-3 space-y-1 text-sm text-amber-900">
          {unpaid.map((row) => (
            <li key={row.row}>{t('remittanceRow', { row: row.row })} <DataText>{row.tracking_number}</DataText>: <DataText>{row.message}</DataText></li>
          ))}
        </ul>
      )}
    </form>
  );
}
