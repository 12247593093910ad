import { me } from '#contracts/auth';
import { errorBody } from '#contracts/errors';
import {
  amountMismatch,
  IDEMPOTENCY_HEADER,
  paymentSuccess,
  processPayment,
  type PaymentCurrency,
  type PaymentSuccess,
  type ProcessPaymentBody,
} from '#contracts/payment';
import { readToken } from '../auth/token-storage.ts';
import { apiFetch } from '../lib/api.ts';

export type PaymentOutcome =
  | { kind: 'paid'; payment: PaymentSuccess }
  /** The gateway declined (402), or the server refused the request: nothing was charged. */
  | { kind: 'refused'; status: number; code?: string; message: string; fieldErrors: Record<string, string[]> }
  /** The cart's total is no longer what the buyer confirmed. */
  | { kind: 'amount-changed'; amount: number; currency: PaymentCurrency; message: string }
  /** No answer, or a server failure: whether anything happened is unknown, so a retry must reuse the key. */
  | { kind: 'unknown' };

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * POST /api/payment/process with its Idempotency-Key. apiFetch cannot send extra headers, so this call is made
 * by hand; when the access token has expired, a call through apiFetch renews the session the shared way first.
 */
export async function submitPayment(body: ProcessPaymentBody, idempotencyKey: string): Promise<PaymentOutcome> {
  const send = () => {
    const token = readToken();
    return fetch(processPayment.path, {
      method: processPayment.method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        [IDEMPOTENCY_HEADER]: idempotencyKey,
      },
      body: JSON.stringify(body),
    });
  };

  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && readToken()) {
      const renewed = await apiFetch(me).then(() => true, () => false);
      if (renewed) response = await send();
    }
  } catch {
    return { kind: 'unknown' };
  }

  const payload = await readBody(response);
  if (response.ok) {
    const paid = paymentSuccess.safeParse(payload);
    return paid.success ? { kind: 'paid', payment: paid.data } : { kind: 'unknown' };
  }
  if (response.status >= 500) return { kind: 'unknown' };

  const mismatch = amountMismatch.safeParse(payload);
  if (response.status === 409 && mismatch.success) {
    return { kind: 'amount-changed', amount: mismatch.data.amount, currency: mismatch.data.currency, message: mismatch.data.detail };
  }
  const error = errorBody.safeParse(payload);
  return {
    kind: 'refused',
    status: response.status,
    code: error.success ? error.data.code : undefined,
    message: error.success ? error.data.detail : '',
    fieldErrors: error.success ? (error.data.errors ?? {}) : {},
  };
}
