import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createPromoCode, listStaffPromoCodes, updatePromoCode, type PromoInput } from '#contracts/promo';
import { apiFetch } from '../lib/api.ts';

const staffKey = ['promo-codes', 'staff'] as const;

export const staffPromoCodesQuery = () =>
  queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => apiFetch(listStaffPromoCodes, { signal }) });

/** Creates a code, or replaces the one with `id`. */
export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PromoInput }) =>
      id === null ? apiFetch(createPromoCode, { body }) : apiFetch(updatePromoCode, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
