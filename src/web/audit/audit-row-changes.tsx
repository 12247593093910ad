import { useTranslation } from 'react-i18next';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';
import type { RowChange } from './audit-changes.ts';

/** The writes to a product's stock, each said as what it was ('stock.receive': received stock). */
const STOCK_ACTIONS = ['receive', 'return', 'damage', 'adjust', 'movement', 'threshold'] as const;
const STOCK_FIELDS = ['currentStock', 'reservedStock', 'lowStockThreshold'] as const;

const isStockAction = (kind: string): kind is (typeof STOCK_ACTIONS)[number] => (STOCK_ACTIONS as readonly string[]).includes(kind);
const isStockField = (field: string): field is (typeof STOCK_FIELDS)[number] => (STOCK_FIELDS as readonly string[]).includes(field);

/**
 * A write to a record kept as rows (a product's stock, a row per variant): what the write was, then each changed row
 * by the name staff know it by, with its values before and after ('KH-14: on hand 20 → 25').
 */
export function RowChanges({ action, rows }: { action: string; rows: RowChange[] }) {
  const { t } = useTranslation('audit');
  const f = useFormat();
  const kind = action.startsWith('stock.') ? action.slice('stock.'.length) : '';
  const shown = (value: unknown) => (typeof value === 'number' ? f.number(value) : value === undefined ? '—' : JSON.stringify(value));
  return (
    <div className="text-sm text-slate-700">
      <p>{isStockAction(kind) ? t(`stockActions.${kind}`) : t('changedRows')}</p>
      <ul className="mt-1 space-y-0.5">
        {rows.map((row) => (
          <li key={row.row}>
            <DataText className="font-medium text-slate-900">{row.row}</DataText>{': '}
            {row.fields.map((change) => t('rowChange', {
              field: isStockField(change.field) ? t(`stockFields.${change.field}`) : change.field,
              before: shown(change.before), after: shown(change.after),
            })).join(t('listSeparator'))}
          </li>
        ))}
      </ul>
    </div>
  );
}
