import { useSearchParams } from 'react-router';
import { PRODUCT_STATUSES, STOCK_FILTERS } from '#contracts/staff-products';
import type { StaffProductsQuery } from './staff-products.api.ts';

export type FilterName = 'search' | 'category' | 'status' | 'stock';

const oneOf = <T extends string>(values: readonly T[], value: string | null) => values.find((known) => known === value);

/**
 * The list's search, filters and page, kept in the address so that a filtered list can be reloaded and shared. A change
 * of filter goes back to the first page.
 */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const category = Number(params.get('category'));
  const query = {
    search: params.get('search')?.trim() || undefined,
    category: Number.isInteger(category) && category > 0 ? category : undefined,
    status: oneOf(PRODUCT_STATUSES, params.get('status')),
    stock: oneOf(STOCK_FILTERS, params.get('stock')),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  } satisfies StaffProductsQuery;

  const setFilters = (changes: Partial<Record<FilterName, string | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('page');
    setParams(next, { replace: true });
  };

  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next.toString()}`;
  };

  const { page: _page, ...filters } = query;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return { query, filters, filtered, setFilters, hrefFor };
}
