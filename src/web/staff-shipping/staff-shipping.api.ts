import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createShippingMethod, createShippingZone, deleteShippingMethod, deleteShippingZone, listShippingZones, updateShippingMethod,
  updateShippingZone, type MethodInput, type ZoneInput,
} from '#contracts/staff-shipping';
import { apiFetch } from '../lib/api.ts';

const staffKey = ['shipping-zones', 'staff'] as const;

export const staffShippingZonesQuery = () =>
  queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => apiFetch(listShippingZones, { signal }) });

function useRefetchZones() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffKey });
}

/** Creates a zone, or changes the one with `id`. */
export function useSaveZone() {
  const onSettled = useRefetchZones();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ZoneInput }) =>
      id === null ? apiFetch(createShippingZone, { body }) : apiFetch(updateShippingZone, { params: { id }, body }),
    onSettled,
  });
}

export function useDeleteZone() {
  const onSettled = useRefetchZones();
  return useMutation({ mutationFn: (id: number) => apiFetch(deleteShippingZone, { params: { id } }), onSettled });
}

/** Adds a method to the zone `zoneId`, or changes the method `id`. */
export function useSaveMethod() {
  const onSettled = useRefetchZones();
  return useMutation({
    mutationFn: ({ zoneId, id, body }: { zoneId: number; id: number | null; body: MethodInput }) =>
      id === null ? apiFetch(createShippingMethod, { params: { id: zoneId }, body }) : apiFetch(updateShippingMethod, { params: { id }, body }),
    onSettled,
  });
}

export function useDeleteMethod() {
  const onSettled = useRefetchZones();
  return useMutation({ mutationFn: (id: number) => apiFetch(deleteShippingMethod, { params: { id } }), onSettled });
}
