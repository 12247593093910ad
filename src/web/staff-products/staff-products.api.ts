import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  bulkStaffProducts, createStaffProduct, exportProducts, getStaffProduct, listStaffProducts, updateStaffProduct,
  type ProductInput, type ProductPatch,
} from '#contracts/staff-products';
import { auditKey } from '../audit/audit.api.ts';
import { apiFetch, buildUrl } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';

export type StaffProductsQuery = z.input<typeof listStaffProducts.query>;
export type ExportQuery = z.input<typeof exportProducts.query>;
export type BulkBody = z.input<typeof bulkStaffProducts.body>;

const staffProductsKey = ['staff-products'] as const;

export const staffProductsQuery = (query: StaffProductsQuery) =>
  queryOptions({
    queryKey: [...staffProductsKey, 'list', query],
    queryFn: ({ signal }) => apiFetch(listStaffProducts, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const staffProductQuery = (id: number) =>
  queryOptions({
    queryKey: [...staffProductsKey, 'product', id],
    queryFn: ({ signal }) => apiFetch(getStaffProduct, { params: { id }, signal }),
    // The editor keeps what it read until it saves or is told to reload: a background refetch would not reach the form.
    staleTime: Infinity,
  });

/** Every change reaches the shop's own pages and the history too: the storefront's catalogue and the trails refetch. */
function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: staffProductsKey }),
    queryClient.invalidateQueries({ queryKey: ['catalog'] }),
    queryClient.invalidateQueries({ queryKey: auditKey }),
  ]);
}

/** Creates a product (`id` null) or saves an edit made on the version read at `updated_at`. */
export function useSaveProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (save: { id: null; body: ProductInput } | { id: number; body: ProductPatch }) =>
      save.id === null ? apiFetch(createStaffProduct, { body: save.body }) : apiFetch(updateStaffProduct, { params: { id: save.id }, body: save.body }),
    onSuccess: invalidate,
  });
}

export function useBulkProducts() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: BulkBody) => apiFetch(bulkStaffProducts, { body }),
    onSettled: invalidate,
  });
}

/** The catalogue as the import reads it, narrowed by the list's filters. */
export const downloadProductsCsv = (query: ExportQuery): Promise<void> =>
  downloadFile(buildUrl(exportProducts.path, undefined, query), 'products.csv');
