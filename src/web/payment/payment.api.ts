import { queryOptions } from '@tanstack/react-query';
import { paysLater, verifyPayment, type PaymentResult } from '#contracts/payment';
import { ApiError, apiFetch } from '../lib/api.ts';

/** While the gateway has not answered, ask again. */
const PENDING_POLL_MS = 3_000;

/**
 * Whether the gateway still has to answer: the buyer approves on the phone (pending) or pays on its page
 * (requires_action). An order on payment terms is placed, its payment pending until the invoice is paid.
 */
export const awaitingGateway = (result: PaymentResult): boolean =>
  (result.status === 'pending' || result.status === 'requires_action') && !result.success && !paysLater(result.paymentMethod);

/** GET /api/payment/verify/{id}: the server's word on a payment, never cached as fresh. */
export const paymentResultQuery = (transactionId: string) =>
  queryOptions({
    queryKey: ['payment', 'verify', transactionId],
    queryFn: ({ signal }) => apiFetch(verifyPayment, { params: { transaction_id: transactionId }, signal }),
    staleTime: 0,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    refetchInterval: (query) => {
      const result = query.state.data as PaymentResult | undefined;
      return result && awaitingGateway(result) ? PENDING_POLL_MS : false;
    },
  });
