import { z } from 'zod';
import { text as multiline } from './fields.ts';
import { DAY_FORMAT, ENTER_QUANTITY, INVALID_PRICE, PRICE_ABOVE_ZERO, REAL_DAY, WHOLE_NUMBER } from './issues.ts';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';
import { approvalPending, orderDetails, paymentBy, paymentSuccess, paymentWaiting } from './payment.ts';
import { staffAccess } from './staff-roles.ts';

/**
 * Quotes for bulk orders. A business buyer requests prices for lines of products; staff price each line, set a
 * validity date and send; the buyer accepts (pays, and the quote becomes an order at the quoted prices) or declines.
 *
 * requested → priced (staff saved prices, not yet visible to the buyer) → sent → accepted | declined | expired
 * requested | priced | sent → withdrawn (staff). `expired` is a sent quote whose validity date has passed; it is
 * computed when read, so it cannot be accepted a second after midnight.
 */
export const QUOTE_STATUSES = ['requested', 'priced', 'sent', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTES_PAGE_SIZE = 20;
export const MAX_QUOTE_LINES = 50;
export const MAX_QUOTE_QUANTITY = 100_000;

const REQUIRED = 'This field is required.';
const optionalText = (max: number) => multiline().trim().max(max, `Enter at most ${max} characters.`).optional()
  .transform((v) => v ?? '');
/** A calendar day, 'YYYY-MM-DD'. */
const isoDay = z.string({ message: REQUIRED }).regex(/^\d{4}-\d{2}-\d{2}$/, DAY_FORMAT)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    REAL_DAY);

export const quoteLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  /** The variant quoted, and its option values ('18 cm · Curved'; '' for a product without options). */
  variant_id: z.number().int(),
  variant_label: z.string(),
  product_slug: z.string(),
  product_name: z.string(),
  /** The variant's catalogue number. */
  model_number: z.string(),
  product_image: z.string(),
  quantity: z.number().int(),
  /** Units of the variant the shop can sell now (stock not reserved; 0 once it is retired): a line may ask for more. */
  available: z.number().int(),
  /** The variant's catalogue unit price now, for comparison. */
  list_price: decimalString,
  /** The quoted unit price; null until staff price the line (and, for the buyer, until the quote is sent). */
  unit_price: decimalString.nullable(),
  line_total: decimalString.nullable(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

/**
 * Totals at the quoted prices, computed as checkout computes a cart's: tax (TAX_RATE) on the subtotal, shipping
 * 75.00 below a 500.00 subtotal and free from it, no promo codes. Accepting pays exactly grand_total (USD) or
 * grand_total_pkr (PKR). Null while any line is unpriced (or the buyer cannot see the prices yet).
 */
export const quoteTotals = z.object({
  subtotal: decimalString,
  tax_amount: decimalString,
  shipping_amount: decimalString,
  grand_total: decimalString,
  exchange_rate: z.string(),
  grand_total_pkr: decimalString,
});
export type QuoteTotals = z.infer<typeof quoteTotals>;

export const quote = z.object({
  id: z.uuid(),
  /** 'Q-' and 8 characters, e.g. 'Q-7K3M9QXA'. */
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  delivery_city: z.string(),
  notes: z.string(),
  /** Staff's note to the buyer, sent with the prices. */
  staff_note: z.string(),
  /** The last day the quote can be accepted (inclusive, UTC); null until priced. */
  valid_until: z.string().nullable(),
  lines: z.array(quoteLine),
  totals: quoteTotals.nullable(),
  /**
   * While a line asks for more than is in stock: the totals of what is, each line at the units available and its quoted
   * price, computed as `totals` are; what accepting with `quantities: 'available'` pays. Null when every line is in
   * stock, when none is, and while the prices are not to be seen.
   */
  available_totals: quoteTotals.nullable(),
  /** The order made by accepting it. */
  order: z.object({ id: z.string(), order_number: z.string() }).nullable(),
  /** Why the buyer declined or staff withdrew it. */
  decision_reason: z.string(),
  /** The buyer, for staff; null in the buyer's own view. */
  buyer: z.object({ name: z.string(), email: z.string(), hospital_name: z.string() }).nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type Quote = z.infer<typeof quote>;

const quoteList = z.object({ quotes: z.array(quote), totalPages: z.number().int(), count: z.number().int() });
export type QuoteList = z.infer<typeof quoteList>;

export const quotesQuery = z.object({
  page: z.coerce.number({ message: 'Enter a page number.' }).int('Enter a whole page number.').min(1, 'Pages start at 1.').default(1),
  status: z.enum(QUOTE_STATUSES, { message: `Choose one of: ${QUOTE_STATUSES.join(', ')}.` }).optional(),
});
export type QuotesQuery = z.input<typeof quotesQuery>;

const quoteParams = z.object({ id: z.uuid({ message: 'Unknown quote.' }) });

export const ALREADY_REQUESTED = 'This product is already on the request: change its quantity instead.';

/** `variant_id` may be left out only for a product with one variant. */
export const quoteRequestLine = z.object({
  product_id: z.number({ message: 'Choose a product.' }).int('Choose a product.').min(1, 'Choose a product.'),
  variant_id: z.number({ message: 'Choose a size or version.' }).int('Choose a size or version.').min(1, 'Choose a size or version.')
    .nullable().optional(),
  quantity: z.number({ message: ENTER_QUANTITY }).int(WHOLE_NUMBER).min(1, 'Enter at least 1.')
    .max(MAX_QUOTE_QUANTITY, `Enter at most ${MAX_QUOTE_QUANTITY.toLocaleString('en-US')}.`),
}, { message: REQUIRED });

export const quoteRequestBody = z.object({
  lines: z.array(quoteRequestLine, { message: 'Add at least one product.' })
    .min(1, 'Add at least one product.')
    .max(MAX_QUOTE_LINES, `A quote takes at most ${MAX_QUOTE_LINES} products.`)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        const key = `${line.product_id}:${line.variant_id ?? ''}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'product_id'], message: ALREADY_REQUESTED });
        seen.add(key);
      });
    }),
  delivery_city: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(100, 'Enter at most 100 characters.'),
  notes: optionalText(2000),
});
export type QuoteRequestBody = z.input<typeof quoteRequestBody>;

/**
 * Business accounts with a verified email (401 signed out, 403 for individual accounts: quotes are for hospitals,
 * clinics and distributors buying in bulk). 400 per field, e.g. errors['lines.0.quantity'],
 * errors['lines.1.product_id'] = ['Product not found.'], errors['lines.2.variant_id'] for a variant left out of
 * a product with several or one of another product, errors.delivery_city. Staff are mailed the request.
 */
export const requestQuote = defineContract({
  method: 'POST',
  path: '/api/quotes/',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED'],
  body: quoteRequestBody,
  response: z.object({ quote }),
  status: 201,
});

/** The buyer's own quotes, newest first. */
export const listQuotes = defineContract({
  method: 'GET',
  path: '/api/quotes/',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED'],
  query: quotesQuery,
  response: quoteList,
});

/** 404 'Quote not found.' for someone else's quote. */
export const getQuote = defineContract({
  method: 'GET',
  path: '/api/quotes/:id',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED'],
  params: quoteParams,
  response: z.object({ quote }),
});

export const ACCEPT_QUANTITIES = ['quoted', 'available'] as const;
export type AcceptQuantities = (typeof ACCEPT_QUANTITIES)[number];

/**
 * The payment, and the quantities accepted: `quoted` (the default) every line in full; `available` what is in stock
 * now, at the quoted unit prices, lines with none left out.
 */
export const acceptQuoteBody = paymentBy({
  orderDetails,
  quantities: z.enum(ACCEPT_QUANTITIES, { message: `Choose one of: ${ACCEPT_QUANTITIES.join(', ')}.` }).default('quoted'),
});
export type AcceptQuoteBody = z.input<typeof acceptQuoteBody>;

/**
 * Accepts a sent quote by paying for it: the same body and Idempotency-Key header as POST /api/payment/process,
 * with `amount` the quote's grand_total (USD) or grand_total_pkr (PKR), and the same answers (201, 402 declined,
 * 409 AMOUNT_MISMATCH / INSUFFICIENT_STOCK, 422 key reused, 400 CARD_DATA_NOT_ACCEPTED in live mode). The order is
 * placed at the quoted prices, its stock reserved while the gateway answers, and the quote becomes accepted once paid;
 * a declined payment leaves the quote sent. Also 409 ILLEGAL_TRANSITION (not sent), QUOTE_EXPIRED,
 * PAYMENT_IN_PROGRESS; 403 ORGANISATION_ROLE for a finance member of an organisation, who places no orders. With
 * `quantities: 'available'` the order takes what is in stock and `amount` is available_totals' grand total;
 * 409 INSUFFICIENT_STOCK 'None of the products on this quote is in stock now.' when there is nothing to take.
 */
export const acceptQuote = defineContract({
  method: 'POST',
  path: '/api/quotes/:id/accept/',
  errors: [
    'EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED', 'ILLEGAL_TRANSITION', 'QUOTE_EXPIRED', 'AMOUNT_MISMATCH',
    'INSUFFICIENT_STOCK', 'LICENCE_REQUIRED', 'INVOICE_NOT_ALLOWED', 'CREDIT_LIMIT_EXCEEDED', 'PAYMENT_IN_PROGRESS',
    'IDEMPOTENCY_KEY_REUSED', 'PAYMENT_DECLINED', 'RESERVATION_EXPIRED', 'ORGANISATION_ROLE', 'CARD_DATA_NOT_ACCEPTED',
    'COD_NOT_ALLOWED', 'COD_LIMIT_EXCEEDED', 'SET_UNAVAILABLE',
  ],
  params: quoteParams,
  body: acceptQuoteBody,
  /** 202 with the approval pending answer when the order is above a spending limit of the buyer's organisation. */
  response: z.union([paymentSuccess, approvalPending, paymentWaiting]),
  status: 201,
});

export const declineQuote = defineContract({
  method: 'POST',
  path: '/api/quotes/:id/decline/',
  errors: [
    'EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED', 'ILLEGAL_TRANSITION', 'QUOTE_EXPIRED', 'PAYMENT_IN_PROGRESS',
  ],
  params: quoteParams,
  body: z.object({ reason: optionalText(500) }),
  response: z.object({ quote }),
});

/* Staff and superusers only (401 signed out, 403 for anyone else). */

export const listStaffQuotes = defineContract({
  staff: staffAccess.sales,
  method: 'GET',
  path: '/api/staff/quotes/',
  errors: ['STAFF_ONLY'],
  query: quotesQuery,
  response: quoteList,
});

export const getStaffQuote = defineContract({
  staff: staffAccess.sales,
  method: 'GET',
  path: '/api/staff/quotes/:id',
  errors: ['STAFF_ONLY'],
  params: quoteParams,
  response: z.object({ quote }),
});

export const quotePricingBody = z.object({
  /** Every line of the quote, each with its unit price in USD. */
  lines: z.array(z.object({
    id: z.number({ message: 'Unknown line.' }).int('Unknown line.'),
    unit_price: z.string({ message: 'Enter a unit price.' }).trim().min(1, 'Enter a unit price.')
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: INVALID_PRICE, abort: true })
      .refine((v) => Number(v) > 0, PRICE_ABOVE_ZERO),
  }), { message: 'Price every line of this quote.' }).min(1, 'Price every line of this quote.'),
  valid_until: isoDay,
  staff_note: optionalText(2000),
});
export type QuotePricingBody = z.input<typeof quotePricingBody>;

/**
 * Saves the prices of a requested or priced quote (it becomes priced; the buyer does not see them yet).
 * 400 errors['lines.0.unit_price'], errors.lines (not every line priced), errors.valid_until (before today).
 */
export const priceQuote = defineContract({
  staff: staffAccess.sales,
  method: 'PUT',
  path: '/api/staff/quotes/:id/pricing/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'QUOTE_EXPIRED'],
  params: quoteParams,
  body: quotePricingBody,
  response: z.object({ quote }),
});

/** Sends a priced quote to the buyer (mailed). 409 when it is not priced or its validity date has passed. */
export const sendQuote = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/quotes/:id/send/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'QUOTE_EXPIRED', 'VALIDITY_PASSED'],
  params: quoteParams,
  response: z.object({ quote }),
});

/** Withdraws a requested, priced or sent quote; the buyer is mailed the reason. 409 once decided or expired. */
export const withdrawQuote = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/quotes/:id/withdraw/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'QUOTE_EXPIRED', 'PAYMENT_IN_PROGRESS'],
  params: quoteParams,
  body: z.object({ reason: optionalText(500) }),
  response: z.object({ quote }),
});
