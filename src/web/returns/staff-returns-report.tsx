import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { type ReportRange, returnsReportQuery } from './staff-returns.api.ts';

interface Row { key: string; label: ReactNode; returns: number; units: number }

function CountTable({ caption, heading, rows }: { caption: string; heading: string; rows: Row[] }) {
  const { t } = useTranslation('staff-returns');
  const f = useFormat();
  const cell = 'px-3 py-2';
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="pb-2 text-start font-semibold text-slate-900">{caption}</caption>
      <thead className="bg-slate-50 text-slate-600">
        <tr>
          <th scope="col" className={`${cell} text-start`}>{heading}</th>
          <th scope="col" className={`${cell} w-20 text-end`}>{t('returnsCount')}</th>
          <th scope="col" className={`${cell} w-20 text-end`}>{t('unitsCount')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.length === 0 ? (
          <tr><td colSpan={3} className={`${cell} text-slate-600`}>{t('noReturnsInRange')}</td></tr>
        ) : rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={`${cell} break-words text-start font-medium text-slate-900`}>{row.label}</th>
            <td className={`${cell} text-end`}>{f.number(row.returns)}</td>
            <td className={`${cell} text-end`}>{f.number(row.units)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Returns asked for between two days (both included, either end open), by reason and by product. */
export function StaffReturnsReport() {
  const { t } = useTranslation('staff-returns');
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [range, setRange] = useState<ReportRange>({});
  const report = useQuery(returnsReportQuery(range));

  function show(event: FormEvent) {
    event.preventDefault();
    setRange({ from: draft.from || undefined, to: draft.to || undefined });
  }

  return (
    <Card className="space-y-4 p-4">
      <h2 className="text-lg font-bold text-slate-900">{t('reportHeading')}</h2>
      <form onSubmit={show} aria-label={t('reportRange')} className="grid grid-cols-2 items-end gap-3 sm:flex">
        <TextField label={t('from')} type="date" dir="ltr" value={draft.from} max={draft.to || undefined}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        <TextField label={t('to')} type="date" dir="ltr" value={draft.to} min={draft.from || undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        <Button type="submit" variant="secondary" className="col-span-2 sm:col-span-1">{t('showReport')}</Button>
      </form>
      <p className="text-xs text-slate-600">{t('rangeHint')}</p>
      {report.isPending ? <Skeleton className="h-32 w-full" /> : report.isError ? (
        <ErrorState title={t('reportLoadFailed')} error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2" aria-busy={report.isPlaceholderData}>
          <CountTable caption={t('byReason')} heading={t('reasonColumn')}
            rows={report.data.by_reason.map((row) => ({ key: row.reason, label: t('reason', { context: row.reason }), returns: row.returns, units: row.units }))} />
          <CountTable caption={t('byProduct')} heading={t('productColumn')}
            rows={report.data.by_product.map((row) => ({ key: `${row.product_id ?? 'gone'}-${row.name}`, label: <DataText>{row.name}</DataText>, returns: row.returns, units: row.units }))} />
        </div>
      )}
    </Card>
  );
}
