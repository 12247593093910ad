import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethods, type CheckoutMethod } from '#contracts/payment';
import { apiFetch } from '../lib/api.ts';

/** GET /api/payment/methods/: what the shop offers in its mode; it changes only when the shop is configured anew. */
export const offeredMethodsQuery = () =>
  queryOptions({
    queryKey: ['payment', 'methods'],
    queryFn: ({ signal }) => apiFetch(paymentMethods, { signal }),
    staleTime: 10 * 60_000,
  });

/** A method the buyer may choose, and whether its details may be typed on this page rather than the gateway's. */
export interface PaymentChoice {
  method: CheckoutMethod;
  direct: boolean;
}

/**
 * Of `methods` (the ones this buyer may use), those the shop offers now. While the list loads, or when it cannot be
 * had, all of `methods` with their details typed here, as the shop took them before it had a list: the server still
 * refuses a method or details it does not take.
 */
export function usePaymentChoices(methods: readonly CheckoutMethod[]): PaymentChoice[] {
  const { data } = useQuery(offeredMethodsQuery());
  if (!data) return methods.map((method) => ({ method, direct: true }));
  return methods.flatMap((method) => {
    const offered = data.methods.find((entry) => entry.id === method);
    return offered ? [{ method, direct: offered.direct }] : [];
  });
}
