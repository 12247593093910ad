import { useTranslation } from 'react-i18next';
import type { ImportResult } from '#contracts/staff-products';
import { Card } from '../components/ui/card.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { ProductImportProblems } from './product-import-problems.tsx';

const OUTCOMES = ['created', 'updated', 'unchanged'] as const;

/** What an import did, or a dry run would do: the counts, then every problem, grouped by product. */
export function ProductImportSummary({ result, heading }: { result: ImportResult; heading: string }) {
  const { t } = useTranslation('product-import');
  const format = useFormat();
  return (
    <Card className="space-y-5 p-5">
      <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
      <table className="w-full text-sm sm:max-w-md" aria-label={t('countsLabel')}>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 text-start font-medium">{t('kind')}</th>
            {OUTCOMES.map((outcome) => <th key={outcome} scope="col" className="py-2 text-end font-medium">{t(outcome)}</th>)}
          </tr>
        </thead>
        <tbody>
          {(['products', 'variants'] as const).map((kind) => (
            <tr key={kind} className="border-b border-slate-100">
              <th scope="row" className="py-2 text-start font-medium text-slate-900">{t(kind)}</th>
              {OUTCOMES.map((outcome) => (
                <td key={outcome} className="py-2 text-end tabular-nums text-slate-900">{format.number(result[kind][outcome])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {result.errors.length + result.warnings.length === 0
        ? <p className="text-sm text-emerald-700">{t('noProblems')}</p>
        : <ProductImportProblems result={result} />}
    </Card>
  );
}
