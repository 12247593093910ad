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

/** A list of the buyer's own, or with a department, that department's order guide. */
export const useCreateList = () => useListChange(({ name, departmentId }: { name: string; departmentId: number | null }) =>
  apiFetch(createReorderList, { body: { name, department_id: departmentId } }));
export const useDeleteList = () => useListChange((id: number) => apiFetch(deleteReorderList, { params: { id } }));
/** A variant of the product; `variantId` may be left out for a product with one variant only. */
interface VariantChoice {
  productId: number;
  variantId?: number;
}

const variantBody = ({ productId, variantId }: VariantChoice) =>
  ({ product_id: productId, ...(variantId === undefined ? {} : { variant_id: variantId }) });

export const useAddToList = () => useListChange(({ id, parLevel, ...choice }: { id: number; parLevel: number } & VariantChoice) =>
  apiFetch(addReorderListItem, { params: { id }, body: { ...variantBody(choice), par_level: parLevel } }));
export const useSetPar = () => useListChange(({ id, itemId, parLevel }: { id: number; itemId: number; parLevel: number }) =>
  apiFetch(updateReorderListItem, { params: { id, itemId }, body: { par_level: parLevel } }));
export const useRemoveFromList = () => useListChange(({ id, itemId }: { id: number; itemId: number }) =>
  apiFetch(removeReorderListItem, { params: { id, itemId } }));
export const useSwapItem = () => useListChange(({ id, itemId, ...choice }: { id: number; itemId: number } & VariantChoice) =>
  apiFetch(swapReorderListItem, { params: { id, itemId }, body: variantBody(choice) }));
export const useReorder = () => useListChange(({ id, counts }: { id: number; counts: { item_id: number; on_hand: number }[] }) =>
  apiFetch(reorderFromList, { params: { id }, body: { counts } }), true);
