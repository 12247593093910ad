import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ErrorCodeOf } from '#contracts/define';
import { acceptQuote, declineQuote, type listQuotes } from '#contracts/quotes';
import { ApiError, isApiError } from '../lib/api.ts';

// src/server/quotes/quote-reservation.test.ts shows the server answering 409 PAYMENT_IN_PROGRESS for a quote
// whose payment is still running.
describe('quote error codes', () => {
  it('are declared on the quote contracts, with their sign-in guard’s codes', () => {
    expectTypeOf<'PAYMENT_IN_PROGRESS' | 'QUOTE_EXPIRED' | 'ILLEGAL_TRANSITION'>().toExtend<ErrorCodeOf<typeof acceptQuote>>();
    expectTypeOf<ErrorCodeOf<typeof listQuotes>>().toEqualTypeOf<'EMAIL_NOT_VERIFIED' | 'ACCOUNT_TYPE_NOT_ALLOWED'>();
  });

  it('narrow an acceptance still being paid', () => {
    const error: unknown = new ApiError(409, 'A payment for this quote is in progress.', {}, { code: 'PAYMENT_IN_PROGRESS' });
    expect(isApiError(error, acceptQuote, 'PAYMENT_IN_PROGRESS')).toBe(true);
    expect(isApiError(error, declineQuote, 'QUOTE_EXPIRED')).toBe(false);
  });

  it('do not compile with a code the contract does not declare, or a renamed one', () => {
    const error: unknown = new ApiError(409, 'x');
    // @ts-expect-error declining never answers AMOUNT_MISMATCH.
    expect(isApiError(error, declineQuote, 'AMOUNT_MISMATCH')).toBe(false);
    // @ts-expect-error no such code.
    expect(isApiError(error, acceptQuote, 'QUOTE_OUTDATED')).toBe(false);
  });
});
