import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acknowledgeAlert, createMovement, getInventoryOverview, getInventoryStatus, INVENTORY_REPORT_PATH, listAlerts, listInventoryChoices,
  listInventoryItems, listProductMovements, type CreateMovementBody, type InventoryItemsQuery,
} from '#contracts/inventory';
import { apiFetch } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';
import { limitConcurrency } from '../lib/limit-concurrency.ts';

/** Alerts also change through checkouts elsewhere; the page refreshes them this often besides live events. */
export const ALERTS_REFRESH_MS = 30_000;

export const inventoryKeys = { all: ['inventory'] as const };

/** The spec's inventory service limits: at most 3 status requests at once (the rest queued), answers kept 5 minutes. */
export const MAX_CONCURRENT_STATUS_REQUESTS = 3;
export const STATUS_CACHE_MS = 5 * 60_000;
const statusRequests = limitConcurrency(MAX_CONCURRENT_STATUS_REQUESTS);

/**
 * A product's inventory status (its 24-hour demand). Its key is outside inventoryKeys.all, so refreshing the page's
 * figures after a movement leaves fresh statuses alone; a live change to a product refreshes that product's status.
 */
export const statusQuery = (productId: number) =>
  queryOptions({
    queryKey: ['inventory-status', productId],
    queryFn: ({ signal }) => statusRequests(() => apiFetch(getInventoryStatus, { params: { id: productId }, signal })),
    staleTime: STATUS_CACHE_MS,
  });

export const overviewQuery = () =>
  queryOptions({
    queryKey: ['inventory', 'overview'],
    queryFn: ({ signal }) => apiFetch(getInventoryOverview, { signal }),
  });

export const itemsQuery = (query: InventoryItemsQuery) =>
  queryOptions({
    queryKey: ['inventory', 'items', query],
    queryFn: ({ signal }) => apiFetch(listInventoryItems, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const alertsQuery = () =>
  queryOptions({
    queryKey: ['inventory', 'alerts'],
    queryFn: ({ signal }) => apiFetch(listAlerts, { signal }),
    refetchInterval: ALERTS_REFRESH_MS,
  });

export const choicesQuery = (search: string) =>
  queryOptions({
    queryKey: ['inventory', 'choices', search],
    queryFn: ({ signal }) => apiFetch(listInventoryChoices, { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });

export const movementsQuery = (productId: number, page: number) =>
  queryOptions({
    queryKey: ['inventory', 'movements', productId, page],
    queryFn: ({ signal }) => apiFetch(listProductMovements, { params: { id: productId }, query: { page, per_page: 10 }, signal }),
    placeholderData: keepPreviousData,
  });

/** Records a staff movement; every inventory figure is refetched afterwards. */
export function useCreateMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: number; body: CreateMovementBody }) =>
      apiFetch(createMovement, { params: { id: productId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: number) => apiFetch(acknowledgeAlert, { params: { id: alertId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['inventory', 'alerts'] }),
  });
}

/** The stock report as a CSV download. */
export const downloadInventoryReport = (): Promise<void> => downloadFile(INVENTORY_REPORT_PATH, 'inventory.csv');
