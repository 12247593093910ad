import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setPriceTiers, type SetPriceTiersBody } from '#contracts/pricing';
import { apiFetch } from '../lib/api.ts';

/** Staff replace a product's tiers; the product (detail, lists, carts) is refetched afterwards. */
export function useSetPriceTiers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: number; body: SetPriceTiersBody }) =>
      apiFetch(setPriceTiers, { params: { id: productId }, body }),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      queryClient.invalidateQueries({ queryKey: ['cart'] }),
    ]),
  });
}
