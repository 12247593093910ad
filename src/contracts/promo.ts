import { z } from 'zod';
import { cart } from './cart.ts';
import { defineContract } from './define.ts';
import type { ErrorCode } from './errors.ts';
import { atMost, message } from './issues.ts';

/**
 * Why a code does not apply: the `code` of the 400 answer, whose `detail` (also under `errors.code`) is the message:
 * PROMO_NOT_FOUND 'This promo code does not exist.'
 * PROMO_NOT_STARTED 'This promo code is valid from {Month D, YYYY}.'
 * PROMO_EXPIRED 'This promo code expired on {Month D, YYYY}.'
 * PROMO_MIN_SUBTOTAL 'Add ${X} more to use this code.' (minimum compared with the subtotal before discount)
 * PROMO_USED_UP 'This promo code has reached its usage limit.'
 * PROMO_ALREADY_USED 'You have already used this promo code.'
 * PROMO_CART_EMPTY 'Add items to your cart before applying a promo code.'
 */
export const PROMO_ERROR_CODES = [
  'PROMO_NOT_FOUND', 'PROMO_NOT_STARTED', 'PROMO_EXPIRED', 'PROMO_MIN_SUBTOTAL', 'PROMO_USED_UP',
  'PROMO_ALREADY_USED', 'PROMO_CART_EMPTY',
] as const satisfies readonly ErrorCode[];
export type PromoErrorCode = (typeof PROMO_ERROR_CODES)[number];

const ENTER_CODE = message('promo_code_required', 'Enter a promo code.');

export const applyPromoBody = z.object({
  code: z.string({ message: ENTER_CODE }).trim().min(1, ENTER_CODE)
    .max(40, atMost(40)).transform((v) => v.toUpperCase()),
});
export type ApplyPromoBody = z.input<typeof applyPromoBody>;

/** Case-insensitive; replaces any code already applied. Answers the cart with `promo` and `discount_amount` set. */
export const applyPromo = defineContract({
  method: 'POST',
  path: '/api/cart/promo/',
  errors: PROMO_ERROR_CODES,
  body: applyPromoBody,
  response: cart,
});

/** Removes the applied code (no-op without one). */
export const removePromo = defineContract({
  method: 'DELETE',
  path: '/api/cart/promo/',
  response: cart,
});
