import { useMutation, useQueryClient } from '@tanstack/react-query';
import { placeQuickOrder } from '#contracts/quick-order';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { cartKey } from '../cart/cart.api.ts';
import { apiFetch } from '../lib/api.ts';

/** POST /api/quick-order/: the answer's cart replaces the cached one. */
export function useQuickOrder() {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  return useMutation({
    mutationFn: (text: string) => apiFetch(placeQuickOrder, { body: { text } }),
    onSuccess: ({ cart }) => (user
      ? queryClient.setQueryData(cartKey(user.id), cart)
      : queryClient.invalidateQueries({ queryKey: ['cart'] })),
  });
}
