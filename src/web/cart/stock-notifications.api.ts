import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getStockNotification, subscribeStockNotification, unsubscribeStockNotification } from '#contracts/stock-notifications';
import { apiFetch } from '../lib/api.ts';

/** The product, and the variant waited for (left out for a product with one variant). */
export interface NotifyTarget {
  productId: number;
  variantId?: number;
}

const stockNotificationKey = ({ productId, variantId }: NotifyTarget, userId: string | null) =>
  ['stock-notification', productId, variantId ?? null, userId] as const;
const request = ({ productId, variantId }: NotifyTarget) =>
  ({ params: { id: productId }, query: variantId === undefined ? {} : { variant_id: variantId } });

export const stockNotificationQuery = (target: NotifyTarget, userId: string | null) =>
  queryOptions({
    queryKey: stockNotificationKey(target, userId),
    queryFn: ({ signal }) => apiFetch(getStockNotification, { ...request(target), signal }),
    enabled: userId !== null,
  });

export function useStockNotificationMutation(target: NotifyTarget, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribe: boolean) => apiFetch(subscribe ? subscribeStockNotification : unsubscribeStockNotification, request(target)),
    onSuccess: (answer) => queryClient.setQueryData(stockNotificationKey(target, userId), answer),
  });
}
