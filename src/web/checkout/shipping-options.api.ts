import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getShippingOptions } from '#contracts/shipping';
import { apiFetch } from '../lib/api.ts';

/** GET /api/cart/shipping-options/ for the address; it follows the cart, so a changed cart asks again. */
export function useShippingOptions(destination: { country: string; city: string } | null, cartKey: string) {
  return useQuery({
    queryKey: ['cart', 'shipping-options', destination, cartKey],
    queryFn: ({ signal }) => apiFetch(getShippingOptions, { query: { ...destination!, postal_code: '' }, signal }),
    enabled: destination !== null,
    placeholderData: keepPreviousData,
  });
}
