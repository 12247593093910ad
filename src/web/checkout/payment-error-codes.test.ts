import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ErrorCodeOf } from '#contracts/define';
import { processPayment } from '#contracts/payment';
import { type acceptQuote } from '#contracts/quotes';
import { ApiError, isApiError } from '../lib/api.ts';
import { submitPayment } from './checkout.api.ts';

// src/server/checkout/payment.test.ts shows the server answering 409 PAYMENT_IN_PROGRESS for a key still in use.
describe('payment error codes', () => {
  it('include the retry code the checkout reads', () => {
    expectTypeOf<'PAYMENT_IN_PROGRESS'>().toExtend<ErrorCodeOf<typeof processPayment>>();
    expectTypeOf<'AMOUNT_MISMATCH' | 'PAYMENT_DECLINED' | 'CART_EMPTY'>().toExtend<ErrorCodeOf<typeof processPayment>>();
    // Paying for the cart and for a quote share these codes (the same payment flow raises them).
    expectTypeOf<'PAYMENT_IN_PROGRESS' | 'IDEMPOTENCY_KEY_REUSED'>().toExtend<ErrorCodeOf<[typeof processPayment, typeof acceptQuote]>>();
  });

  it('keep the refused answer, so the checkout can tell a payment still running from a refusal', async () => {
    const running = new ApiError(409, 'A payment with this key is already being processed.', {}, { code: 'PAYMENT_IN_PROGRESS' });
    const outcome = await submitPayment({} as never, 'key-1', () => Promise.reject(running));
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    expect(isApiError(outcome.error, processPayment, 'PAYMENT_IN_PROGRESS')).toBe(true);
    expect(isApiError(outcome.error, processPayment, 'CART_EMPTY')).toBe(false);
  });

  it('do not compile with a code the contract does not declare, or a renamed one', () => {
    const error: unknown = new ApiError(409, 'x', {}, { code: 'PAYMENT_IN_PROGRESS' });
    // @ts-expect-error a cart payment never answers QUOTE_EXPIRED.
    expect(isApiError(error, processPayment, 'QUOTE_EXPIRED')).toBe(false);
    // @ts-expect-error no such code.
    expect(isApiError(error, processPayment, 'PAYMENT_PENDING')).toBe(false);
  });
});
