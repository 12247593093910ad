import { useTranslation } from 'react-i18next';
import { ORDER_PAYMENT_STATUSES } from '#contracts/orders';
import type { StaffOrdersQuery } from '#contracts/staff-orders';
import { Button } from '../components/ui/button.tsx';
import { countryOptions } from '../checkout/countries.ts';

/** The staff list's filters beyond status and search, as the query sends them ('' for none). */
export interface MoreFilters {
  payment_status: '' | NonNullable<StaffOrdersQuery['payment_status']>;
  from: string;
  to: string;
  country: string;
}

export const NO_MORE_FILTERS: MoreFilters = { payment_status: '', from: '', to: '', country: '' };

/** The filters the query carries: those left empty are left out. */
export const moreFiltersQuery = (filters: MoreFilters): Partial<StaffOrdersQuery> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));

const controlClasses = 'mt-1 h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm';

/** Payment state, the days placed (inclusive) and the ship-to country; the caller goes back to page 1 on a change. */
export function StaffOrderFilters({ filters, onChange }: { filters: MoreFilters; onChange: (filters: MoreFilters) => void }) {
  const { t, i18n } = useTranslation('staff-orders');
  const set = (name: keyof MoreFilters) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...filters, [name]: event.target.value });
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
      <label className="col-span-2 flex flex-col text-sm font-medium text-slate-700 lg:col-span-1">
        {t('filterPayment')}
        <select value={filters.payment_status} onChange={set('payment_status')} className={controlClasses}>
          <option value="">{t('anyPayment')}</option>
          {ORDER_PAYMENT_STATUSES.map((status) => <option key={status} value={status}>{t(`orderPayment_${status}`)}</option>)}
        </select>
      </label>
      <label className="flex min-w-0 flex-col text-sm font-medium text-slate-700">
        {t('filterFrom')}
        <input type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} className={controlClasses} />
      </label>
      <label className="flex min-w-0 flex-col text-sm font-medium text-slate-700">
        {t('filterTo')}
        <input type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} className={controlClasses} />
      </label>
      <label className="col-span-2 flex flex-col text-sm font-medium text-slate-700 lg:col-span-1">
        {t('filterCountry')}
        <select value={filters.country} onChange={set('country')} className={controlClasses}>
          <option value="">{t('anyCountry')}</option>
          {countryOptions(i18n.language).map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </label>
      <Button variant="ghost" size="sm" className="col-span-2 justify-self-start lg:col-span-1 lg:mb-1"
        disabled={Object.values(filters).every((value) => value === '')} onClick={() => onChange(NO_MORE_FILTERS)}>
        {t('clearFilters')}
      </Button>
    </div>
  );
}
