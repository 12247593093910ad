import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addToWishlist, getSharedWishlist, getWishlist, getWishlistShare, removeProductFromWishlist, removeWishlistItem, shareWishlist,
  unshareWishlist,
} from '#contracts/wishlist';
import { apiFetch } from '../lib/api.ts';

export const wishlistKey = ['wishlist'] as const;
const shareKey = ['wishlist', 'share'] as const;

export const wishlistQuery = () =>
  queryOptions({ queryKey: wishlistKey, queryFn: ({ signal }) => apiFetch(getWishlist, { signal }) });

export const wishlistShareQuery = () =>
  queryOptions({ queryKey: shareKey, queryFn: ({ signal }) => apiFetch(getWishlistShare, { signal }) });

export const sharedWishlistQuery = (shareId: string) =>
  queryOptions({
    queryKey: ['wishlist', 'shared', shareId],
    queryFn: ({ signal }) => apiFetch(getSharedWishlist, { params: { shareId }, signal }),
    retry: false,
  });

/** Every change ends by re-reading the list, so the screen shows what the server has, success or failure. */
function useWishlistChange<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKey }),
  });
}

/**
 * Saves the product: the variant chosen, if any (its first otherwise). Takes out the saved item (`savedItemId`) of the
 * chosen variant, or every saved variant of the product when none is chosen.
 */
export const useToggleWishlist = () =>
  useWishlistChange(({ productId, variantId, savedItemId }: { productId: number; variantId?: number; savedItemId?: number }) => {
    if (savedItemId === undefined) {
      return apiFetch(addToWishlist, { params: { productId }, query: variantId === undefined ? {} : { variant_id: variantId } });
    }
    return variantId === undefined
      ? apiFetch(removeProductFromWishlist, { params: { productId } })
      : apiFetch(removeWishlistItem, { params: { id: savedItemId } });
  });

export const useRemoveWishlistItem = () =>
  useWishlistChange((id: number) => apiFetch(removeWishlistItem, { params: { id } }));

export function useShareWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(shareWishlist),
    onSuccess: (share) => queryClient.setQueryData(shareKey, { share }),
  });
}

export function useStopSharingWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(unshareWishlist),
    onSuccess: () => queryClient.setQueryData(shareKey, { share: null }),
  });
}
