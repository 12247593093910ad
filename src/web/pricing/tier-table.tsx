import { useTranslation } from 'react-i18next';
import type { VolumePrice } from '#contracts/pricing';
import { useFormat } from '../i18n/use-format.ts';
import { LinePriceText } from './line-price-text.tsx';

/**
 * The quantity bands and what a unit costs in each, as the server priced them for this viewer (a band a flash sale's
 * allocation holds in part reads "9 at $29.99, the rest at $44.64"); nothing without bands.
 */
export function TierTable({ rows }: { rows: VolumePrice[] }) {
  const { t } = useTranslation('pricing');
  const f = useFormat();
  if (rows.length === 0) return null;
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
          <tr key={row.min_quantity}>
            <th scope="row" className="py-2 pe-3 text-start font-medium whitespace-nowrap text-slate-800">
              {row.max_quantity === null ? t('from', { from: row.min_quantity }) : t('range', { from: row.min_quantity, to: row.max_quantity })}
            </th>
            <td className="py-2 text-end">
              {row.sale_quantity > 0 ? (
                <span className="font-semibold text-slate-900">
                  <LinePriceText line={{ ...row, quantity: row.min_quantity }} />
                </span>
              ) : (
                <span className="font-semibold text-slate-900">{f.price(row.unit_price)}</span>
              )}
              {row.save_percent !== null && (
                <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                  {t('save', { percent: f.percent(row.save_percent) })}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
