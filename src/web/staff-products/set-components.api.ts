import { queryOptions } from '@tanstack/react-query';
import { searchSetComponents } from '#contracts/instrument-sets';
import { apiFetch } from '../lib/api.ts';

/** Variants a set may hold whose product name or catalogue number holds `search`, the set's own product's left out. */
export const setComponentChoicesQuery = (search: string, product: number | undefined) =>
  queryOptions({
    queryKey: ['staff-products', 'set-components', search, product],
    queryFn: ({ signal }) => apiFetch(searchSetComponents, { query: { search, product }, signal }),
    enabled: search.length >= 2,
  });
