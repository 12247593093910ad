import { useTranslation } from 'react-i18next';
import type { PriceTier } from '#contracts/pricing';
import { useFormat } from '../i18n/use-format.ts';
import { tierRows } from './tier-rows.ts';

/** The product's quantity bands and unit prices; nothing when it has no tiers. */
export function TierTable({ price, tiers }: { price: string; tiers: PriceTier[] }) {
  const { t } = useTranslation('pricing');
  const f = useFormat();
  const rows = tierRows(price, tiers);
  if (rows.length === 0) return null;
  const base = rows[0].unitPrice;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('heading')}</caption>
      <thead>
        <tr className="text-start text-xs text-slate-500">
          <th scope="col" className="py-1.5 text-start font-medium">{t('quantity')}</th>
          <th scope="col" className="py-1.5 text-end font-medium">{t('unitPrice')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.from}>
            <th scope="row" className="py-2 text-start font-medium text-slate-800">
              {row.to === null ? t('from', { from: row.from }) : t('range', { from: row.from, to: row.to })}
            </th>
            <td className="py-2 text-end">
              <span className="font-semibold text-slate-900">{f.price(row.unitPrice)}</span>
              {row.unitPrice < base && (
                <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                  {t('save', { percent: f.percent(Math.round((1 - row.unitPrice / base) * 100)) })}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
