import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelOrder, invoicePath, listOrders, trackOrder, type OrdersQuery } from '#contracts/orders';
import { readToken } from '../auth/token-storage.ts';
import { ApiError, apiFetch } from '../lib/api.ts';

export const ordersKeys = { all: ['orders'] as const };

export const ordersQuery = (query: OrdersQuery) =>
  queryOptions({
    queryKey: ['orders', 'list', query],
    queryFn: ({ signal }) => apiFetch(listOrders, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const lookupOrder = (reference: string) => apiFetch(trackOrder, { params: { reference } });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(cancelOrder, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

/** The invoice needs the bearer token, so it is fetched and handed to the browser as a download. */
export async function downloadInvoice(orderId: string, orderNumber: string): Promise<void> {
  const token = readToken();
  const response = await fetch(invoicePath(orderId), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, `HTTP error! status: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `Invoice ${orderNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
