import { z } from 'zod';
import { cart } from './cart.ts';
import { defineContract } from './define.ts';
import type { ErrorCode } from './errors.ts';
import { atMost, INVALID_PRICE, message, REQUIRED, WHOLE_NUMBER } from './issues.ts';
import { decimalString } from './money.ts';
import { staffAccess } from './staff-roles.ts';

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

/*
 * Staff run the promo codes. Catalogue staff and the owner only. A code is switched off, never deleted: orders name it.
 */

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export const MAX_PROMO_LIMIT = 1_000_000;

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const amount = z.string({ message: REQUIRED }).trim().regex(AMOUNT, INVALID_PRICE);
const instant = (english: string) => z.string({ message: english }).trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), english).nullable().default(null);
const limit = z.number({ message: WHOLE_NUMBER }).int(WHOLE_NUMBER)
  .min(1, 'Enter 1 or more, or leave it empty.').max(MAX_PROMO_LIMIT, `Enter at most ${MAX_PROMO_LIMIT}.`)
  .nullable().default(null);
const promoId = z.coerce.number({ message: 'Unknown promo code.' }).int('Unknown promo code.').min(1, 'Unknown promo code.');

/**
 * A new code, or the whole of a changed one. `value` is the percentage off (above 0, at most 100) for 'percent', or
 * the dollars off for 'fixed'; the minimum compares with the cart's subtotal before discount. Null dates and limits
 * mean none. 400 on `code` when another code has it, on `max_uses` when it is below the uses already made.
 */
export const promoInput = z.object({
  code: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(40, atMost(40))
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, hyphens and underscores.').transform((v) => v.toUpperCase()),
  kind: z.enum(PROMO_KINDS, { message: 'Choose percent or fixed.' }),
  value: amount.refine((value) => !AMOUNT.test(value) || Number(value) > 0, 'Enter a value above 0.'),
  min_subtotal: amount.default('0'),
  starts_at: instant('Enter the start date and time.'),
  expires_at: instant('Enter the end date and time.'),
  max_uses: limit,
  per_user_limit: limit,
  active: z.boolean({ message: 'Enter true or false.' }).default(true),
}, { message: REQUIRED }).superRefine((body, ctx) => {
  if (body.kind === 'percent' && AMOUNT.test(body.value) && Number(body.value) > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a percentage of at most 100.' });
  }
  if (body.starts_at && body.expires_at && Date.parse(body.expires_at) <= Date.parse(body.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'The end must be after the start.' });
  }
});
export type PromoInput = z.input<typeof promoInput>;

export const staffPromoCode = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** Percent off, or dollars off: "12.50". */
  value: decimalString,
  min_subtotal: decimalString,
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  per_user_limit: z.number().int().nullable(),
  active: z.boolean(),
  /** Orders placed with the code (a failed payment gives its use back). */
  uses: z.number().int(),
  /** The discount those orders were given, in dollars. */
  discount_given: decimalString,
  created_at: z.string(),
});
export type StaffPromoCode = z.infer<typeof staffPromoCode>;

/** Newest first. */
export const listStaffPromoCodes = defineContract({
  staff: staffAccess.catalogue,
  method: 'GET',
  path: '/api/staff/promo-codes/',
  errors: ['STAFF_ONLY'],
  response: z.object({ promo_codes: z.array(staffPromoCode) }),
});

export const createPromoCode = defineContract({
  staff: staffAccess.catalogue,
  method: 'POST',
  path: '/api/staff/promo-codes/',
  errors: ['STAFF_ONLY'],
  body: promoInput,
  status: 201,
  response: staffPromoCode,
});

/** 404 'Promo code not found.' */
export const updatePromoCode = defineContract({
  staff: staffAccess.catalogue,
  method: 'PUT',
  path: '/api/staff/promo-codes/:id/',
  errors: ['STAFF_ONLY'],
  params: z.object({ id: promoId }),
  body: promoInput,
  response: staffPromoCode,
});
