import { PRODUCT_STATUSES, STOCK_FILTERS } from '#contracts/staff-products';
import { useUrlFilters } from '../lib/use-url-filters.ts';
import type { StaffProductsQuery } from './staff-products.api.ts';

export type FilterName = 'search' | 'category' | 'status' | 'stock';

const oneOf = <T extends string>(values: readonly T[], value: string | null) => values.find((known) => known === value);

/** The list's search, filters and page, read from the address (see useUrlFilters). */
export function useProductFilters() {
  const { params, page, setFilters, hrefFor } = useUrlFilters<FilterName>();
  const category = Number(params.get('category'));
  const filters = {
    search: params.get('search')?.trim() || undefined,
    category: Number.isInteger(category) && category > 0 ? category : undefined,
    status: oneOf(PRODUCT_STATUSES, params.get('status')),
    stock: oneOf(STOCK_FILTERS, params.get('stock')),
  };
  const query = { ...filters, page } satisfies StaffProductsQuery;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return { query, filters, filtered, setFilters, hrefFor };
}
