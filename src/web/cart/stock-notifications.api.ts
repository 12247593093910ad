import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getStockNotification, subscribeStockNotification, unsubscribeStockNotification } from '#contracts/stock-notifications';
import { apiFetch } from '../lib/api.ts';

const stockNotificationKey = (productId: number, userId: string | null) => ['stock-notification', productId, userId] as const;

export const stockNotificationQuery = (productId: number, userId: string | null) =>
  queryOptions({
    queryKey: stockNotificationKey(productId, userId),
    queryFn: ({ signal }) => apiFetch(getStockNotification, { params: { id: productId }, signal }),
    enabled: userId !== null,
  });

export function useStockNotificationMutation(productId: number, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribe: boolean) =>
      apiFetch(subscribe ? subscribeStockNotification : unsubscribeStockNotification, { params: { id: productId } }),
    onSuccess: (answer) => queryClient.setQueryData(stockNotificationKey(productId, userId), answer),
  });
}
