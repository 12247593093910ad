import { useTranslation } from 'react-i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { PRODUCT_STATUSES, STOCK_FILTERS } from '#contracts/staff-products';
import { categoriesQuery } from '../catalog/catalog.api.ts';
import { controlClasses } from '../components/ui/form-field.tsx';
import { useCategoryText } from '../i18n/translated.ts';
import type { useProductFilters } from './use-product-filters.ts';

function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <label className="min-w-0">
      <span className="mb-1.5 block text-sm font-medium text-slate-800">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} className={controlClasses(false, 'h-11')}>
        {children}
      </select>
    </label>
  );
}

/** Search by name or catalogue number, and the category, status and stock filters; typing waits for a pause. */
export function ProductFilters({ filters, setFilters }: Pick<ReturnType<typeof useProductFilters>, 'filters' | 'setFilters'>) {
  const { t } = useTranslation('staff-products');
  const categoryText = useCategoryText();
  const categories = useQuery(categoriesQuery());
  const [typed, setTyped] = useState(filters.search ?? '');

  useEffect(() => {
    if (typed.trim() === (filters.search ?? '')) return;
    const timer = setTimeout(() => setFilters({ search: typed.trim() }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing starts a new search
  }, [typed]);

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr] lg:items-end">
      <label className="sm:col-span-2 lg:col-span-1">
        <span className="mb-1.5 block text-sm font-medium text-slate-800">{t('search')}</span>
        <span className="relative block">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <input type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={t('searchPlaceholder')}
            className={controlClasses(false, 'h-11 ps-9')} />
        </span>
      </label>
      <FilterSelect label={t('category')} value={String(filters.category ?? '')} onChange={(category) => setFilters({ category })}>
        <option value="">{t('allCategories')}</option>
        {categories.data?.map((category) => <option key={category.id} value={category.id}>{categoryText(category).name}</option>)}
      </FilterSelect>
      <FilterSelect label={t('status')} value={filters.status ?? ''} onChange={(status) => setFilters({ status })}>
        <option value="">{t('allStatuses')}</option>
        {PRODUCT_STATUSES.map((status) => <option key={status} value={status}>{t('statusName', { context: status })}</option>)}
      </FilterSelect>
      <FilterSelect label={t('stock')} value={filters.stock ?? ''} onChange={(stock) => setFilters({ stock })}>
        <option value="">{t('allStock')}</option>
        {STOCK_FILTERS.map((stock) => <option key={stock} value={stock}>{t('stockName', { context: stock })}</option>)}
      </FilterSelect>
    </div>
  );
}
