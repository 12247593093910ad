import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createFlashSale, endFlashSale, listStaffFlashSales, updateFlashSale, type FlashSaleBody } from '#contracts/flash-sales';
import { apiFetch } from '../lib/api.ts';

const staffKey = ['flash-sales', 'staff'] as const;

export const staffFlashSalesQuery = () =>
  queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => apiFetch(listStaffFlashSales, { signal }) });

/** Any change reprices the shop: the staff list, the home card and product pages refetch. */
function useInvalidateSales() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: staffKey }),
    queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  ]);
}

/** Creates a sale, or replaces the one with `id`. */
export function useSaveFlashSale() {
  const invalidate = useInvalidateSales();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: FlashSaleBody }) =>
      id === null ? apiFetch(createFlashSale, { body }) : apiFetch(updateFlashSale, { params: { id }, body }),
    onSettled: invalidate,
  });
}

export function useEndFlashSale() {
  const invalidate = useInvalidateSales();
  return useMutation({
    mutationFn: (id: number) => apiFetch(endFlashSale, { params: { id } }),
    onSettled: invalidate,
  });
}
