import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { previewLinePrice, setPriceTiers, type SetPriceTiersBody } from '#contracts/pricing';
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

/** What `quantity` units cost this viewer now, exactly as the cart will price them; refetched with the product. */
export const linePriceQuery = (query: { product_id: number; variant_id?: number; quantity: number }) =>
  queryOptions({
    queryKey: ['catalog', 'line-price', query],
    queryFn: ({ signal }) => apiFetch(previewLinePrice, { query, signal }),
    placeholderData: keepPreviousData,
  });
