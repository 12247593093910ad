import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { MARKETS, type MarketValue, type ProductFilters } from '#contracts/catalog';

/** Narrows the catalogue to products certified for a market: CE for Europe, FDA for the USA, DRAP for Pakistan. */
export function MarketFilter({ markets, value, onChange, className }: {
  markets?: ProductFilters['markets'];
  value?: MarketValue;
  onChange: (market: MarketValue | undefined) => void;
  className: string;
}) {
  const { t } = useTranslation('markets');
  const id = useId();
  // The chosen market stays on screen (and in the form) before the counts arrive.
  const chosen = MARKETS.find((market) => market.value === value);
  const listed = markets ?? [];
  const shown = chosen && !listed.some((market) => market.value === chosen.value)
    ? [...listed, { value: chosen.value, certifications: [...chosen.certifications], count: 0 }]
    : listed;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-slate-600">{t('market')}</label>
      <select id={id} name="market" className={className} value={value ?? ''} onChange={(e) => onChange((e.target.value || undefined) as MarketValue | undefined)}>
        <option value="">{t('allMarkets')}</option>
        {shown.map((market) => (
          <option key={market.value} value={market.value}>{t('option', { context: market.value, codes: market.certifications.join(', '), count: market.count })}</option>
        ))}
      </select>
    </div>
  );
}
