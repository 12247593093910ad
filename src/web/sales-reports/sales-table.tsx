import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { SalesTable as TableName } from '#contracts/sales-reports';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { downloadSalesCsv, type DayRange } from './sales-reports.api.ts';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures line up at the end of the cell. */
  figure?: boolean;
  /** Kept on one line (a date). */
  nowrap?: boolean;
}

/** Saves one table of the report as the server writes it. */
export function CsvButton({ table, range }: { table: TableName; range: DayRange }) {
  const { t } = useTranslation('sales-reports');
  const [saving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    downloadSalesCsv(range, table)
      .catch(() => notify.error(t('downloadFailed')))
      .finally(() => setSaving(false));
  };
  return (
    <Button type="button" variant="secondary" size="sm" onClick={save} disabled={saving}
      aria-label={t('downloadCsvOf', { table: t('table', { context: table }) })}>
      <Download aria-hidden="true" className="h-4 w-4" />
      {t('downloadCsv')}
    </Button>
  );
}

/** One table of the report under its heading, with its CSV beside the heading; the first column names each row. */
export function SalesTable<Row>({ table, range, columns, rows, rowKey, tall = false }: {
  table: TableName; range: DayRange; columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row) => string;
  /** Many rows (a day each): the table scrolls within a box of its own. */
  tall?: boolean;
}) {
  const { t } = useTranslation('sales-reports');
  const cell = 'px-3 py-2';
  const [first, ...rest] = columns;
  const headingId = `sales-${table}`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">{t('table', { context: table })}</h2>
        <CsvButton table={table} range={range} />
      </div>
      {/* Scrolls on a narrow screen (and a long range's days downwards): reachable by keyboard, named by its heading. */}
      <div role="region" aria-labelledby={headingId} tabIndex={0}
        className={`overflow-auto rounded-lg border border-slate-200 ${tall ? 'max-h-96' : ''}`}>
        <table className="w-full text-sm" aria-labelledby={headingId}>
          <thead className="sticky top-0 bg-slate-50 text-slate-600">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={`${cell} whitespace-nowrap ${column.figure ? 'text-end' : 'text-start'}`}>{column.header}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr><td colSpan={columns.length} className={`${cell} text-slate-600`}>{t('noRows')}</td></tr>
            ) : rows.map((row) => (
              <tr key={rowKey(row)}>
                <th scope="row" className={`${cell} ${first.nowrap ? 'whitespace-nowrap' : 'break-words'} text-start font-medium text-slate-900`}>{first.cell(row)}</th>
                {rest.map((column) => (
                  <td key={column.header} className={`${cell} ${column.figure ? 'whitespace-nowrap text-end tabular-nums' : 'break-words'}`}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
