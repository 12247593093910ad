import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { buyAgain, cancelOrder, invoiceFileName, invoicePath, listOrders, trackOrder, type OrdersQuery } from '#contracts/orders';
import { apiFetch } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';
import { notify } from '../components/ui/notify.ts';
import type { TFunction } from 'i18next';

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

/** Puts a past order into the cart at today's prices; the cart is read again. */
export function useBuyAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNumber: string) => apiFetch(buyAgain, { params: { orderNumber } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}

/** Downloads the invoice, telling the buyer when that fails. */
export function saveInvoice(orderId: string, orderNumber: string, t: TFunction<'orders'>): void {
  downloadInvoice(orderId, orderNumber).catch(() => notify.error(t('invoiceFailed'), t('invoiceFailedText')));
}

const downloadInvoice = (orderId: string, orderNumber: string): Promise<void> =>
  downloadFile(invoicePath(orderId), invoiceFileName(orderNumber));
