import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addReorderListItem, createReorderList, deleteReorderList, getReorderList, listReorderLists, removeReorderListItem,
  reorderFromList, swapReorderListItem, updateReorderListItem,
} from '#contracts/reorder-lists';
import { apiFetch } from '../lib/api.ts';

const listsKey = ['reorder-lists'] as const;

export const reorderListsQuery = () =>
  queryOptions({ queryKey: listsKey, queryFn: ({ signal }) => apiFetch(listReorderLists, { signal }) });
export const reorderListQuery = (id: number) =>
  queryOptions({ queryKey: [...listsKey, id], queryFn: ({ signal }) => apiFetch(getReorderList, { params: { id }, signal }) });

/** Every change re-reads the lists; a reorder also re-reads the cart. */
function useListChange<T, R>(call: (input: T) => Promise<R>, alsoCart = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: listsKey });
      if (alsoCart) await queryClient.invalidateQueries({ queryKey: ['cart'] });
    },
  });
}

export const useCreateList = () => useListChange((name: string) => apiFetch(createReorderList, { body: { name } }));
export const useDeleteList = () => useListChange((id: number) => apiFetch(deleteReorderList, { params: { id } }));
export const useAddToList = () => useListChange(({ id, productId, parLevel }: { id: number; productId: number; parLevel: number }) =>
  apiFetch(addReorderListItem, { params: { id }, body: { product_id: productId, par_level: parLevel } }));
export const useSetPar = () => useListChange(({ id, itemId, parLevel }: { id: number; itemId: number; parLevel: number }) =>
  apiFetch(updateReorderListItem, { params: { id, itemId }, body: { par_level: parLevel } }));
export const useRemoveFromList = () => useListChange(({ id, itemId }: { id: number; itemId: number }) =>
  apiFetch(removeReorderListItem, { params: { id, itemId } }));
export const useSwapItem = () => useListChange(({ id, itemId, productId }: { id: number; itemId: number; productId: number }) =>
  apiFetch(swapReorderListItem, { params: { id, itemId }, body: { product_id: productId } }));
export const useReorder = () => useListChange(({ id, counts }: { id: number; counts: { item_id: number; on_hand: number }[] }) =>
  apiFetch(reorderFromList, { params: { id }, body: { counts } }), true);
