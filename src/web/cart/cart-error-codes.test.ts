import { describe, expect, expectTypeOf, it } from 'vitest';
import { addCartItem, updateCartItem } from '#contracts/cart';
import type { ErrorCodeOf } from '#contracts/define';
import { type applyPromo } from '#contracts/promo';
import { ApiError, isApiError } from '../lib/api.ts';

// The server side answers these codes in src/server/licences/licence-gating.test.ts (LICENCE_REQUIRED) and
// src/server/cart/cart.test.ts (OUT_OF_STOCK, INSUFFICIENT_STOCK); the type checker runs over this file too.
describe('cart error codes', () => {
  it('are the codes the cart contracts declare', () => {
    expectTypeOf<ErrorCodeOf<typeof addCartItem>>()
      .toEqualTypeOf<'OUT_OF_STOCK' | 'INSUFFICIENT_STOCK' | 'QUANTITY_LIMIT' | 'LICENCE_REQUIRED' | 'SET_UNAVAILABLE' | 'SET_NOT_CUSTOMISABLE'>();
    expectTypeOf<ErrorCodeOf<typeof updateCartItem>>().toEqualTypeOf<'INSUFFICIENT_STOCK'>();
    expectTypeOf<'PROMO_EXPIRED'>().toExtend<ErrorCodeOf<typeof applyPromo>>();
  });

  it('narrows a refused add to the licence code the button reads', () => {
    const error: unknown = new ApiError(403, 'Sold only to business accounts.', {}, { code: 'LICENCE_REQUIRED' });
    expect(isApiError(error, addCartItem, 'LICENCE_REQUIRED')).toBe(true);
    expect(isApiError(error, addCartItem, 'OUT_OF_STOCK')).toBe(false);
    if (isApiError(error, addCartItem, 'LICENCE_REQUIRED')) expectTypeOf(error.code).toEqualTypeOf<'LICENCE_REQUIRED'>();
  });

  it('does not compile with a code the contract does not declare, or a renamed one', () => {
    const error: unknown = new ApiError(409, 'Only 2 left.', {}, { code: 'INSUFFICIENT_STOCK' });
    // @ts-expect-error updating a line never answers LICENCE_REQUIRED.
    expect(isApiError(error, updateCartItem, 'LICENCE_REQUIRED')).toBe(false);
    // @ts-expect-error no such code (a renamed LICENCE_REQUIRED).
    expect(isApiError(error, addCartItem, 'LICENSE_REQUIRED')).toBe(false);
  });
});
