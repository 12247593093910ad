import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '#contracts/orders';
import { IDEMPOTENCY_HEADER } from '#contracts/payment';
import type { RefundBody } from '#contracts/refunds';
import { advanceOrder, createRefund, listStaffOrders, staffCancelOrder, type StaffOrdersQuery } from '#contracts/staff-orders';
import { createShipment, refreshShipmentTracking, type ShipmentBody } from '#contracts/shipments';
import { importCodRemittances, markShipmentRefused } from '#contracts/cod';
import { apiFetch } from '../lib/api.ts';

export const staffOrdersQuery = (query: StaffOrdersQuery) =>
  queryOptions({
    queryKey: ['staff-orders', query],
    queryFn: ({ signal }) => apiFetch(listStaffOrders, { query, signal }),
    placeholderData: keepPreviousData,
  });

export type FulfilmentAction =
  | { kind: 'status'; id: string; status: OrderStatus }
  | { kind: 'ship'; id: string; body: ShipmentBody }
  | { kind: 'track'; id: string; shipmentId: string }
  | { kind: 'cancel'; id: string; reason?: string };

/** One fulfilment step; the list and the order's detail are refetched afterwards, whatever the answer. */
export function useFulfilOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: FulfilmentAction) => {
      const params = { id: action.id };
      if (action.kind === 'ship') return apiFetch(createShipment, { params, body: action.body });
      if (action.kind === 'track') return apiFetch(refreshShipmentTracking, { params: { id: action.shipmentId } });
      if (action.kind === 'cancel') return apiFetch(staffCancelOrder, { params, body: { reason: action.reason } });
      return apiFetch(advanceOrder, { params, body: { status: action.status } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff-orders'] }),
  });
}

/** A refund of part of an order's payment; the list is refetched afterwards, whatever the answer. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: string; body: RefundBody; idempotencyKey: string }) =>
      apiFetch(createRefund, { params: { id }, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff-orders'] }),
  });
}

/** A cash-on-delivery parcel refused at the door and back with the shop; the list is refetched afterwards. */
export function useMarkRefused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipmentId: string) => apiFetch(markShipmentRefused, { params: { id: shipmentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff-orders'] }),
  });
}

/** A courier's remittance report (CSV) read in; the paid orders show once the list is refetched. */
export function useImportRemittances() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiFetch(importCodRemittances, { body: form });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff-orders'] }),
  });
}
