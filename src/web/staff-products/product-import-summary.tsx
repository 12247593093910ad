import { useTranslation } from 'react-i18next';
import type { ImportResult } from '#contracts/staff-products';
import { Card } from '../components/ui/card.tsx';
import { useFormat } from '../i18n/use-format.ts';

const OUTCOMES = ['created', 'updated', 'unchanged'] as const;

/** What an import did, or a dry run would do: the counts, then every bad row with its column and reason. */
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
      {result.errors.length === 0 ? (
        <p className="text-sm text-emerald-700">{t('noProblems')}</p>
      ) : (
        <section aria-label={t('problems', { count: result.errors.length })} className="space-y-2">
          <h3 className="text-sm font-semibold text-red-700">{t('problems', { count: result.errors.length })}</h3>
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start font-medium">{t('row')}</th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">{t('column')}</th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">{t('reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((error, i) => (
                  <tr key={i} className="border-t border-slate-100 align-top">
                    <td className="px-3 py-2 tabular-nums text-slate-900">{format.number(error.row)}</td>
                    {/* Column names and reasons are the CSV's and the server's own words, in English. */}
                    <td className="px-3 py-2 whitespace-nowrap text-slate-900"><bdi dir="ltr">{error.column}</bdi></td>
                    <td className="min-w-56 px-3 py-2 text-slate-700"><bdi dir="ltr">{error.message}</bdi></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </Card>
  );
}
