import { useCart } from './cart.api.ts';

/** Items in the signed-in user's cart for the top-bar badge (the sum of quantities); 0 when signed out. */
export function useCartCount(): number {
  const { signedIn, query } = useCart();
  return signedIn ? (query.data?.item_count ?? 0) : 0;
}
