import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelOrder, invoiceFileName, invoicePath, listOrders, trackOrder, type OrdersQuery } from '#contracts/orders';
import { readToken } from '../auth/token-storage.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { notify } from '../components/ui/notify.ts';
import type { OrdersMessages } from './messages.ts';

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

/** Downloads the invoice, telling the buyer when that fails. */
export function saveInvoice(orderId: string, orderNumber: string, t: Pick<OrdersMessages, 'invoiceFailed' | 'invoiceFailedText'>): void {
  downloadInvoice(orderId, orderNumber).catch(() => notify.error(t.invoiceFailed, t.invoiceFailedText));
}

/** The invoice needs the bearer token, so it is fetched and handed to the browser as a download. */
async function downloadInvoice(orderId: string, orderNumber: string): Promise<void> {
  const token = readToken();
  const response = await fetch(invoicePath(orderId), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, `HTTP error! status: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = invoiceFileName(orderNumber);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
