import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '#contracts/define';
import { editOrder, type OrderEditBody } from '#contracts/order-edits';
import { IDEMPOTENCY_HEADER } from '#contracts/payment';
import { apiFetch } from '../lib/api.ts';

export type OrderEdited = ResponseOf<typeof editOrder>;

/** One change to an order before it ships, with its Idempotency-Key; staff order lists are refetched afterwards. */
export function useEditOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: OrderEditBody; idempotencyKey: string }) =>
      apiFetch(editOrder, { params: { id: orderId }, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff-orders'] }),
  });
}
