import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteStandingOrder, getStandingOrder, listStandingOrderRuns, putStandingOrder, skipStandingOrderRun, type StandingOrderInput,
} from '#contracts/standing-orders';
import { apiFetch } from '../lib/api.ts';

const key = (listId: number) => ['standing-order', listId] as const;

export const standingOrderQuery = (listId: number) =>
  queryOptions({ queryKey: [...key(listId), 'schedule'], queryFn: ({ signal }) => apiFetch(getStandingOrder, { params: { id: listId }, signal }), retry: false });
export const standingOrderRunsQuery = (listId: number) =>
  queryOptions({ queryKey: [...key(listId), 'runs'], queryFn: ({ signal }) => apiFetch(listStandingOrderRuns, { params: { id: listId }, signal }) });

/** Every change re-reads the list's standing order and its runs. */
function useChange<T, R>(listId: number, call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: key(listId) }) });
}

export const useSaveStandingOrder = (listId: number) =>
  useChange(listId, (body: StandingOrderInput) => apiFetch(putStandingOrder, { params: { id: listId }, body }));
export const useSkipNextRun = (listId: number) =>
  useChange(listId, (skip: boolean) => apiFetch(skipStandingOrderRun, { params: { id: listId }, body: { skip } }));
export const useStopStandingOrder = (listId: number) =>
  useChange(listId, () => apiFetch(deleteStandingOrder, { params: { id: listId } }));
