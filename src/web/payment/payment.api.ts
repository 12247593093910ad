import { queryOptions } from '@tanstack/react-query';
import { verifyPayment, type PaymentResult } from '#contracts/payment';
import { ApiError, apiFetch } from '../lib/api.ts';

/** While the gateway has not answered, ask again. */
const PENDING_POLL_MS = 3_000;

/** GET /api/payment/verify/{id}: the server's word on a payment, never cached as fresh. */
export const paymentResultQuery = (transactionId: string) =>
  queryOptions({
    queryKey: ['payment', 'verify', transactionId],
    queryFn: ({ signal }) => apiFetch(verifyPayment, { params: { transaction_id: transactionId }, signal }),
    staleTime: 0,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    refetchInterval: (query) => ((query.state.data as PaymentResult | undefined)?.status === 'pending' ? PENDING_POLL_MS : false),
  });
