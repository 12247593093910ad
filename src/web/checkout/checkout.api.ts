import {
  amountMismatch,
  IDEMPOTENCY_HEADER,
  processPayment,
  type ApprovalPending,
  type PaymentCurrency,
  type PaymentSuccess,
  type PaymentWaiting,
  type ProcessPaymentBody,
} from '#contracts/payment';
import { ApiError, apiFetch } from '../lib/api.ts';

export type PaymentOutcome =
  | { kind: 'paid'; payment: PaymentSuccess }
  /** Above a spending limit of the buyer's organisation: a request waits for an approver, nothing was charged. */
  | { kind: 'approval-required'; requestId: number }
  /** Placed; its payment waits for the buyer's phone, or for the gateway's page that `payment.next_action` leads to. */
  | { kind: 'waiting'; payment: PaymentWaiting }
  /** The gateway declined (402), or the server refused the request: nothing was charged. */
  | { kind: 'refused'; error: ApiError }
  /** The cart's total is no longer what the buyer confirmed. */
  | { kind: 'amount-changed'; amount: number; currency: PaymentCurrency }
  /** No answer, or a server failure: whether anything happened is unknown, so a retry must reuse the key. */
  | { kind: 'unknown' };

/**
 * POST /api/payment/process with its Idempotency-Key, sorted into what the checkout has to do next. `send` posts the
 * same request elsewhere (accepting a quote pays the same way).
 */
export async function submitPayment(
  body: unknown,
  idempotencyKey: string,
  send: (headers: Record<string, string>) => Promise<PaymentSuccess | ApprovalPending | PaymentWaiting> =
    (headers) => apiFetch(processPayment, { body: body as ProcessPaymentBody, headers }),
): Promise<PaymentOutcome> {
  try {
    const payment = await send({ [IDEMPOTENCY_HEADER]: idempotencyKey });
    if (payment.success) return { kind: 'paid', payment };
    return 'approvalRequired' in payment ? { kind: 'approval-required', requestId: payment.requestId } : { kind: 'waiting', payment };
  } catch (error) {
    // No answer, a server failure or an unreadable success: a retry must reuse the key.
    if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return { kind: 'unknown' };
    const mismatch = amountMismatch.safeParse(error.body);
    if (error.status === 409 && mismatch.success) {
      return { kind: 'amount-changed', amount: mismatch.data.amount, currency: mismatch.data.currency };
    }
    return { kind: 'refused', error };
  }
}
