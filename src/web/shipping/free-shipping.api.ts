import { useQuery } from '@tanstack/react-query';
import { getFreeShipping } from '#contracts/shipping';
import { apiFetch } from '../lib/api.ts';

/** The subtotal (USD) from which the standard method to Pakistan ships free; null while loading or when it never does. */
export function useFreeShippingThreshold(): string | null {
  const { data } = useQuery({
    queryKey: ['shipping', 'free-shipping'],
    queryFn: ({ signal }) => apiFetch(getFreeShipping, { signal }),
    staleTime: 10 * 60_000,
  });
  return data?.threshold ?? null;
}
