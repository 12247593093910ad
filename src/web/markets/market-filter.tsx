import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import type { MarketValue, ProductFilters } from '#contracts/catalog';

/** Narrows the catalogue to products certified for a market: CE for Europe, FDA for the USA, DRAP for Pakistan. */
export function MarketFilter({ markets, value, onChange, className }: {
  markets?: ProductFilters['markets'];
  value?: MarketValue;
  onChange: (market: MarketValue | undefined) => void;
  className: string;
}) {
  const { t } = useTranslation('markets');
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-slate-600">{t('market')}</label>
      <select id={id} className={className} value={value ?? ''} onChange={(e) => onChange((e.target.value || undefined) as MarketValue | undefined)}>
        <option value="">{t('allMarkets')}</option>
        {(markets ?? []).map((market) => (
          <option key={market.value} value={market.value}>{t('option', { context: market.value, codes: market.certifications.join(', '), count: market.count })}</option>
        ))}
      </select>
    </div>
  );
}
