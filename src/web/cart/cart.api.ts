import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { addCartItem, getCart, removeCartItem, updateCartItem, type AddCartItemBody, type Cart } from '#contracts/cart';
import { applyPromo, removePromo } from '#contracts/promo';
import { useCurrentUser, useStoredToken } from '../auth/use-current-user.ts';
import { ApiError, apiFetch } from '../lib/api.ts';

/** Keyed by user, so a cart never outlives its owner's session in the cache. */
export const cartKey = (userId: string | null) => ['cart', userId] as const;

/** A refused session will not be accepted on a retry; anything else is tried once more. */
export function retryCart(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
  return failureCount < 1;
}

/** GET /api/cart/, only for a signed-in user with a stored token. */
export function cartQuery(userId: string | null, hasToken: boolean) {
  return queryOptions({
    queryKey: cartKey(userId),
    queryFn: ({ signal }) => apiFetch(getCart, { signal }),
    enabled: hasToken && userId !== null,
    retry: retryCart,
  });
}

function useCartOwner(): { userId: string | null; hasToken: boolean; isLoading: boolean } {
  const hasToken = useStoredToken() !== null;
  const { user, isLoading } = useCurrentUser();
  return { userId: user?.id ?? null, hasToken, isLoading };
}

export interface CartState {
  /** Whether someone is signed in (false while their account is still loading). */
  signedIn: boolean;
  /** Whether the session or the cart is still loading. */
  isLoading: boolean;
  query: UseQueryResult<Cart, unknown>;
}

export function useCart(): CartState {
  const { userId, hasToken, isLoading } = useCartOwner();
  const query = useQuery(cartQuery(userId, hasToken));
  const signedIn = hasToken && userId !== null;
  return { signedIn, isLoading: isLoading || (signedIn && query.isPending), query };
}

/** Every cart mutation answers the whole cart: it replaces the cached one. */
function useCartMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<Cart>) {
  const queryClient = useQueryClient();
  const { userId } = useCartOwner();
  return useMutation({
    mutationFn,
    onSuccess: (cart) =>
      userId === null ? queryClient.invalidateQueries({ queryKey: ['cart'] }) : queryClient.setQueryData(cartKey(userId), cart),
  });
}

export function useAddToCartMutation() {
  return useCartMutation((body: AddCartItemBody) => apiFetch(addCartItem, { body }));
}

/** Quantity 0 deletes the line, as the spec's cart does. */
export function useSetQuantityMutation() {
  return useCartMutation(({ itemId, quantity }: { itemId: number; quantity: number }) =>
    quantity === 0
      ? apiFetch(removeCartItem, { params: { id: itemId } })
      : apiFetch(updateCartItem, { params: { id: itemId }, body: { quantity } }),
  );
}

export function useRemoveCartItemMutation() {
  return useCartMutation((itemId: number) => apiFetch(removeCartItem, { params: { id: itemId } }));
}

export function useApplyPromoMutation() {
  return useCartMutation((code: string) => apiFetch(applyPromo, { body: { code } }));
}

export function useRemovePromoMutation() {
  return useCartMutation(() => apiFetch(removePromo));
}

/** Refetches the signed-in user's cart, e.g. after the server refused a payment because the cart changed. */
export function useRefreshCart() {
  const queryClient = useQueryClient();
  const { userId } = useCartOwner();
  return () => queryClient.invalidateQueries({ queryKey: cartKey(userId) });
}

/** Where checkout ships the cart, and by which of the address's shipping options. */
export interface CartDestination {
  country: string;
  city: string;
  shippingOptionId: number;
}

/** GET /api/cart/ with the destination's shipping and tax in its totals; refreshed with the cart. */
export function useCartTo(destination: CartDestination | null) {
  const { userId, hasToken } = useCartOwner();
  return useQuery({
    queryKey: [...cartKey(userId), destination],
    queryFn: ({ signal }) => apiFetch(getCart, {
      query: { country: destination!.country, city: destination!.city, shipping_option_id: destination!.shippingOptionId }, signal,
    }),
    enabled: hasToken && userId !== null && destination !== null,
    retry: retryCart,
    placeholderData: keepPreviousData,
  });
}
