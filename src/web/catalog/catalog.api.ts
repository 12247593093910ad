import { queryOptions } from '@tanstack/react-query';
import { listCategories, listFlashSales } from '#contracts/catalog';
import { apiFetch } from '../lib/api.ts';

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'categories'],
    queryFn: ({ signal }) => apiFetch(listCategories, { signal }),
  });

export const flashSalesQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'flash-sales'],
    queryFn: ({ signal }) => apiFetch(listFlashSales, { signal }),
  });
