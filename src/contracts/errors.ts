import { z } from 'zod';
import { issueBody } from './issues.ts';

/**
 * Every code an expected API failure may carry. A contract declares the ones its route answers (`errors: [...]`);
 * services raise them and the storefront tests for them through helpers typed by that list.
 */
export const ERROR_CODES = [
  // Sign-in and guards
  'TOKEN_NOT_VALID', // 401: the refresh token is expired, revoked or was already used
  'EMAIL_NOT_VERIFIED', // 403: the route needs a confirmed email address
  'ACCOUNT_TYPE_NOT_ALLOWED', // 403: the route is for another account type (e.g. business only)
  'STAFF_ONLY', // 403: the route is for staff
  // Cart and stock
  'OUT_OF_STOCK', // 409: nothing of the product is available
  'INSUFFICIENT_STOCK', // 409: fewer units are available than asked for
  'QUANTITY_LIMIT', // 409: more of one product than one order may hold
  'SET_STOCK_DERIVED', // 409: stock received into, adjusted on or written off a set, whose stock follows its components
  'IN_STOCK', // 400: a back-in-stock notice for a product that is in stock
  'SET_UNAVAILABLE', // 409: a component of the set is archived, switched off or under recall (params name it)
  'SET_NOT_CUSTOMISABLE', // 403: only business accounts change what is in a set
  // Promo codes (400 when applied to the cart; 409 when the code ran out while paying)
  'PROMO_NOT_FOUND', // the code does not exist or is switched off
  'PROMO_NOT_STARTED', // the code is not valid yet
  'PROMO_EXPIRED', // the code's end date has passed
  'PROMO_MIN_SUBTOTAL', // the cart is below the code's minimum subtotal
  'PROMO_USED_UP', // the code reached its usage limit
  'PROMO_ALREADY_USED', // this buyer already used the code as often as allowed
  'PROMO_CART_EMPTY', // a code cannot apply to an empty cart
  // Checkout and payment
  'CART_EMPTY', // 409: nothing to pay for
  'AMOUNT_MISMATCH', // 409: the total changed since the buyer saw it (body has amount and currency)
  'PAYMENT_IN_PROGRESS', // 409: a payment with this key (or for this quote) is still running
  'IDEMPOTENCY_KEY_REUSED', // 422: the Idempotency-Key was used for another request
  'PAYMENT_DECLINED', // 402: the gateway declined; nothing was charged
  'CARD_DATA_NOT_ACCEPTED', // 400: live mode takes no card number, CVV or PIN; the buyer pays on the gateway's page
  'RESERVATION_EXPIRED', // 409: charged after the stock reservation ran out; the payment is refunded
  'LICENCE_REQUIRED', // 403: a restricted product needs a verified licence (or a business account)
  'INVOICE_NOT_ALLOWED', // 403: the organisation is not on payment terms
  'CREDIT_LIMIT_EXCEEDED', // 409: the order does not fit in the organisation's available credit
  'COD_NOT_ALLOWED', // 409: the chosen shipping method takes no cash on delivery
  'COD_LIMIT_EXCEEDED', // 409: the order is above the shipping method's cash-on-delivery limit
  // Orders, quotes and their state machines
  'ILLEGAL_TRANSITION', // 409: the order, quote or organisation cannot make this change from its status
  'CARRIER_ERROR', // 502: the carrier refused the booking or could not be reached; nothing was booked
  'BALANCE_DUE', // 409: the balance of an order placed for a deposit is unpaid, so it cannot ship yet
  // Refunds
  'NOT_REFUNDABLE', // 409: the order has no captured payment to refund
  'REFUND_EXCEEDS_CAPTURED', // 409: more than the payment has left to refund (body has refundable, USD)
  'REFUND_FAILED', // 409: the gateway refused the refund; nothing was given back
  'QUOTE_EXPIRED', // 409: the quote's validity date has passed
  'VALIDITY_PASSED', // 409: a quote cannot be sent with a validity date in the past
  'ALREADY_SENT', // 409: a mail that went out is not sent again
  // Organisations and invoices
  'ALREADY_PENDING', // 409: the organisation already waits for review
  'ALREADY_VERIFIED', // 409: the organisation is already verified
  'NOT_VERIFIED', // 409: the organisation must be verified first
  'ALREADY_PAID', // 409: the invoice is already paid
  'ORDER_CANCELLED', // 409: the invoice's order was cancelled
  'ORGANISATION_ROLE', // 403: the member's role in the organisation does not allow this
  'LAST_ADMIN', // 409: an organisation keeps at least one admin
  'SELF_APPROVAL', // 403: nobody approves or rejects their own request
  'NOT_REGISTRANT', // 409: the organisation's details are kept by its admins, not by a member who did not register it
  // Licences and flash sales
  'LICENCE_EXPIRED', // 409: an expired licence cannot be verified
  'FLASH_SALE_OVERLAP', // 409: another sale of the product overlaps the window
  'FLASH_SALE_ENDED', // 409: the flash sale has already ended
  // Reviews and recalls
  'ALREADY_REVIEWED', // 409: the buyer already reviewed the product
  'ALREADY_RECALLED', // 409: a lot was recalled by someone else meanwhile
  'NOT_ACKNOWLEDGED', // 409: the buyer has not acknowledged the recall, so no return was requested
  // Staff: the catalogue and the team
  'EDIT_CONFLICT', // 409: someone saved the record after it was read (body names what changed)
  'ORDER_NOT_EDITABLE', // 409: the order shipped (or began to), is cancelled, or is not confirmed yet
  'LAST_LINE', // 409: an order keeps at least one line; cancelling it is the way to drop the last
  'CATEGORY_NOT_EMPTY', // 409: a category that still holds products cannot be deleted
  'LAST_OWNER', // 409: the shop's last active owner cannot lose the role or be deactivated
  'ALREADY_SET_UP', // 409: the shop already has an owner
  'ALREADY_ACCEPTED', // 409: the staff member already accepted the invitation
  'MEMBER_DEACTIVATED', // 409: a deactivated staff member is reactivated before being invited again
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Why a gateway declined a payment (PAYMENT_DECLINED's `reason`). */
export const DECLINE_REASONS = [
  'insufficient_funds',
  'account_blocked',
  'card_declined',
  'not_verified', // the gateway's answer failed its signature or did not match the request
  'declined', // any other refusal
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/**
 * What a code's text needs, sent beside the code as `params` (amounts in US dollars, dates as ISO strings); a code not
 * named here carries none. A `reason` names which variant of the code's text applies.
 */
export interface ErrorParams {
  OUT_OF_STOCK: { name: string };
  INSUFFICIENT_STOCK: { name: string; available: number } | { reason: 'lots' | 'quote' };
  QUANTITY_LIMIT: { max: number };
  /** The set, its blocking component, and why: inactive (archived or switched off) or recalled. */
  SET_UNAVAILABLE: { name: string; component: string; reason: 'inactive' | 'recalled' };
  PROMO_NOT_STARTED: { date: string };
  PROMO_EXPIRED: { date: string };
  /** What the cart still needs for the code to apply. */
  PROMO_MIN_SUBTOTAL: { amount: number };
  /** The total now, in the payment's currency. */
  AMOUNT_MISMATCH: { amount: number; currency: 'PKR' | 'USD' };
  PAYMENT_DECLINED: { reason: DeclineReason };
  CREDIT_LIMIT_EXCEEDED: { amount: number; available: number };
  /** The method's limit and the order's total, before the courier's fee. */
  COD_LIMIT_EXCEEDED: { limit: number; amount: number };
  QUOTE_EXPIRED: { date: string };
  CATEGORY_NOT_EMPTY: { count: number };
}
export type ParamsOf<Code extends ErrorCode> = Code extends keyof ErrorParams ? ErrorParams[Code] : never;

const errorParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** A code with its params, where an answer that is not a failure says why something does not apply. */
export const codedProblem = z.object({ code: z.enum(ERROR_CODES), params: errorParams.optional() });

/**
 * The one error shape every API failure answers with. A 400 from validation lists each field's English messages
 * under `errors`, and the same problems as message keys with their parameters under `issues`. `detail` is English,
 * for the spec's clients; the storefront shows `code` with its `params`, or a text for the status, never `detail`.
 */
export const errorBody = z.object({
  detail: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  issues: z.record(z.string(), z.array(issueBody)).optional(),
  /** The values the code's text needs (ErrorParams). */
  params: errorParams.optional(),
  /** EDIT_CONFLICT: the fields someone else changed since the record was read, and when they saved. */
  changes: z.object({ fields: z.array(z.string()), updated_at: z.string(), by: z.string().nullable() }).optional(),
  /** REFUND_EXCEEDS_CAPTURED: what is left to refund, in US dollars. */
  refundable: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
