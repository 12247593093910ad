import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS, type StatusFilter } from './order-status.ts';

interface OrderFiltersProps {
  status: StatusFilter;
  search: string;
  placeholder: string;
  /** Called with the new filters; the caller goes back to page 1. */
  onChange(filters: { status: StatusFilter; search: string }): void;
}

/** Status select and search box, shared by the buyer's and the staff's order lists. */
export function OrderFilters({ status, search, placeholder, onChange }: OrderFiltersProps) {
  const { t } = useTranslation('orders');
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <label className="flex flex-col text-sm font-medium text-slate-700">
        {t('status')}
        <select
          value={status}
          onChange={(event) => onChange({ status: event.target.value as StatusFilter, search })}
          className="mt-1 h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-48"
        >
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? t('allOrders') : t('statusName', { context: value })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-1 flex-col text-sm font-medium text-slate-700">
        {t('searchOrders')}
        <input
          type="search"
          value={search}
          onChange={(event) => onChange({ status, search: event.target.value })}
          placeholder={placeholder}
          className="mt-1 h-10 rounded-lg border border-slate-300 px-3 text-sm"
        />
      </label>
    </div>
  );
}
