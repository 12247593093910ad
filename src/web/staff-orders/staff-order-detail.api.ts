import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { addOrderNote, getStaffOrder } from '#contracts/staff-order-detail';
import { apiFetch } from '../lib/api.ts';

/** Under the staff orders key, so that every fulfilment step (staff-orders.api.ts) refetches it too. */
const detailKey = (reference: string) => ['staff-orders', 'detail', reference.toUpperCase()] as const;

/** One order by its order number (or id), as the caller's role may read it. */
export const staffOrderDetailQuery = (reference: string) =>
  queryOptions({
    queryKey: detailKey(reference),
    queryFn: ({ signal }) => apiFetch(getStaffOrder, { params: { id: reference }, signal }),
  });

/** An internal note on the order; its detail is refetched afterwards. */
export function useAddOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => apiFetch(addOrderNote, { params: { id }, body: { text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff-orders', 'detail'] }),
  });
}
