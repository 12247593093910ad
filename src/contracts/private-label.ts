import { z } from 'zod';
import { defineContract } from './define.ts';
import { line, text as multiline } from './fields.ts';
import { ENTER_QUANTITY, INVALID_PRICE, PRICE_ABOVE_ZERO, REQUIRED, WHOLE_NUMBER, atMost, message } from './issues.ts';
import { decimalString } from './money.ts';
import { GATEWAY_METHODS, orderDetails, PAYMENT_CURRENCIES, paymentBy, paymentSuccess, paymentWaiting } from './payment.ts';
import { quoteTotals } from './quotes.ts';
import { staffAccess } from './staff-roles.ts';
/*
 * Private-label (OEM) production for a verified business buyer: they ask for products under their own marking and
 * send artwork; staff quote prices, lead time and a deposit; staff send proofs, which the buyer approves or asks to
 * change (every version kept); on approval the order is placed and production moves through its steps to shipping.
 */
export const PRIVATE_LABEL_STATUSES = [
  'requested', 'quoted', 'proof_sent', 'changes_requested', 'approved', 'in_production', 'quality_check', 'ready_to_ship',
  'shipped', 'declined', 'cancelled',
] as const;
export type PrivateLabelStatus = (typeof PRIVATE_LABEL_STATUSES)[number];
export const MARKING_METHODS = ['laser_etch', 'stamp'] as const;
export type MarkingMethod = (typeof MARKING_METHODS)[number];
export const PROOF_DECISIONS = ['approved', 'changes_requested'] as const;
export type ProofDecision = (typeof PROOF_DECISIONS)[number];

export const MAX_PRIVATE_LABEL_ITEMS = 30;
export const MAX_PRIVATE_LABEL_QUANTITY = 1_000_000;
/** Artwork and proofs: SVG, PDF or PNG, at most this many bytes (as licence files). */
export const PRIVATE_LABEL_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The steps staff move an approved request through, in order; `shipped` follows when its order ships. */
export const PRODUCTION_STEPS = ['in_production', 'quality_check', 'ready_to_ship'] as const;
export type ProductionStep = (typeof PRODUCTION_STEPS)[number];
/** Who may still move a request: the buyer cancels, staff decline, while nothing is approved. */
export const OPEN_PRIVATE_LABEL_STATUSES = ['requested', 'quoted', 'proof_sent', 'changes_requested'] as const;

export const PRIVATE_LABEL_NOT_FOUND = 'Private-label request not found.';
export const NOT_OFFERED = message('invalid', 'This product is not offered for private label.');
export const belowMinimum = (moq: number) => message('too_small', `Enter at least ${moq}: the minimum for private label.`, { min: moq });
export const MANUFACTURER_NOTICE_REQUIRED = message('consent_required',
  'Confirm that you understand selling under your own name makes you the manufacturer.');

const optionalText = (max: number) => multiline().trim().max(max, atMost(max)).optional().transform((v) => v ?? '');

export const privateLabelItemView = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_slug: z.string(),
  product_name: z.string(),
  variant_id: z.number().int(),
  /** The variant's option values ('18 cm · Curved'; '' for a product without options). */
  variant_label: z.string(),
  model_number: z.string(),
  product_image: z.string(),
  quantity: z.number().int(),
  /** The product's private-label minimum now (null once it is no longer offered). */
  moq: z.number().int().nullable(),
  /** Staff's quoted unit price (USD); null until quoted. */
  unit_price: decimalString.nullable(),
  line_total: decimalString.nullable(),
});
export type PrivateLabelItemView = z.infer<typeof privateLabelItemView>;

export const privateLabelFile = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  /** Where the buyer and staff download it (signed in). */
  url: z.string(),
});

export const privateLabelProofView = privateLabelFile.extend({
  version: z.number().int(),
  note: z.string(),
  decision: z.enum(PROOF_DECISIONS).nullable(),
  decision_comment: z.string(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type PrivateLabelProofView = z.infer<typeof privateLabelProofView>;

export const privateLabelEventView = z.object({ status: z.enum(PRIVATE_LABEL_STATUSES), note: z.string(), created_at: z.string() });
export type PrivateLabelEventView = z.infer<typeof privateLabelEventView>;

export const privateLabelRequest = z.object({
  id: z.number().int(),
  /** 'PL-' and the id, e.g. 'PL-00012'. */
  number: z.string(),
  status: z.enum(PRIVATE_LABEL_STATUSES),
  marking: z.enum(MARKING_METHODS),
  placement: z.string(),
  packaging_text: z.string(),
  artwork: privateLabelFile.nullable(),
  items: z.array(privateLabelItemView),
  lead_time_days: z.number().int().nullable(),
  deposit_percent: z.number().int().nullable(),
  quoted_at: z.string().nullable(),
  /**
   * The order's totals at the quoted prices, computed as checkout computes them (tax, shipping within Pakistan by the
   * standard method); what approving pays. Null until quoted.
   */
  totals: quoteTotals.nullable(),
  /**
   * What approving through a gateway charges now: deposit_percent of the grand total (USD, and in rupees as charged);
   * null when the whole total is paid on approval. The rest, the balance, is paid before the order ships.
   */
  deposit_amount: decimalString.nullable(),
  deposit_amount_pkr: decimalString.nullable(),
  /**
   * Once the order is placed: what its gateway payments took and what is still to pay before it ships, in the currency
   * it was paid in (fees aside); `on_terms`: deposit and balance are on the organisation's invoice instead.
   */
  payment: z.object({
    currency: z.enum(PAYMENT_CURRENCIES),
    paid: decimalString,
    balance_due: decimalString,
    on_terms: z.boolean(),
  }).nullable(),
  manufacturer_notice_at: z.string().nullable(),
  order: z.object({ id: z.string(), order_number: z.string(), status: z.string() }).nullable(),
  decline_reason: z.string(),
  proofs: z.array(privateLabelProofView),
  /** Each step with its date, oldest first. */
  events: z.array(privateLabelEventView),
  organisation: z.object({ id: z.string(), name: z.string() }),
  /** Who asked: shown to staff and to the organisation's members. */
  requested_by: z.object({ name: z.string(), email: z.string() }),
  /** What the one reading may do now (the buyer's role and the request's status). */
  can_decide: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PrivateLabelRequest = z.infer<typeof privateLabelRequest>;

const requestParams = z.object({ id: z.coerce.number({ message: PRIVATE_LABEL_NOT_FOUND }).int(PRIVATE_LABEL_NOT_FOUND).min(1, PRIVATE_LABEL_NOT_FOUND).max(2_147_483_647, PRIVATE_LABEL_NOT_FOUND) });
const requestAnswer = z.object({ request: privateLabelRequest });

export const privateLabelItemInput = z.object({
  variant_id: z.number({ message: 'Choose a product.' }).int('Choose a product.').min(1, 'Choose a product.'),
  quantity: z.number({ message: ENTER_QUANTITY }).int(WHOLE_NUMBER).min(1, 'Enter at least 1.')
    .max(MAX_PRIVATE_LABEL_QUANTITY, `Enter at most ${MAX_PRIVATE_LABEL_QUANTITY.toLocaleString('en-US')}.`),
}, { message: REQUIRED });

export const privateLabelRequestBody = z.object({
  items: z.array(privateLabelItemInput, { message: 'Add at least one product.' }).min(1, 'Add at least one product.')
    .max(MAX_PRIVATE_LABEL_ITEMS, `A request takes at most ${MAX_PRIVATE_LABEL_ITEMS} products.`)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.variant_id)) ctx.addIssue({ code: 'custom', path: [index, 'variant_id'], message: 'This product is already on the request.' });
        seen.add(item.variant_id);
      });
    }),
  marking: z.enum(MARKING_METHODS, { message: `Choose one of: ${MARKING_METHODS.join(', ')}.` }),
  placement: line({ message: REQUIRED }).trim().min(1, REQUIRED).max(200, atMost(200)),
  packaging_text: optionalText(2000),
  /** The buyer confirmed the manufacturer notice when sending (it may also be confirmed on approval). */
  manufacturer_notice: z.boolean().optional().default(false),
});
export type PrivateLabelRequestBody = z.input<typeof privateLabelRequestBody>;

/**
 * A member (admin or buyer) of a verified business organisation asks for private-label production. 400 per field:
 * errors['items.0.quantity'] below the product's private_label_moq, errors['items.1.variant_id'] for a product not
 * offered for private label; nothing is written. 403 for anyone else. Staff are mailed.
 */
export const createPrivateLabelRequest = defineContract({
  method: 'POST',
  path: '/api/private-label/requests/',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED', 'ORGANISATION_ROLE'],
  body: privateLabelRequestBody,
  response: requestAnswer,
  status: 201,
});

/** The requests of the reader's organisation, newest first (every member reads them, finance included). */
export const listPrivateLabelRequests = defineContract({
  method: 'GET',
  path: '/api/private-label/requests/',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED'],
  response: z.object({ requests: z.array(privateLabelRequest) }),
});

/** 404 for a request of another organisation. */
export const getPrivateLabelRequest = defineContract({
  method: 'GET',
  path: '/api/private-label/requests/:id',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED'],
  params: requestParams,
  response: requestAnswer,
});

/** A variant offered for private label, with its product's minimum. */
export const privateLabelOffer = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  product_slug: z.string(),
  moq: z.number().int(),
  variants: z.array(z.object({ id: z.number().int(), label: z.string(), model_number: z.string(), price: decimalString })),
});
export type PrivateLabelOffer = z.infer<typeof privateLabelOffer>;

/** The active products offered for private label (private_label_moq set), by name. */
export const listPrivateLabelOffers = defineContract({
  method: 'GET',
  path: '/api/private-label/offers/',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED'],
  response: z.object({ offers: z.array(privateLabelOffer) }),
});

/**
 * multipart/form-data `file`: the artwork, SVG, PDF or PNG by content (an SVG without scripts, event handlers,
 * foreignObject or outside references), at most PRIVATE_LABEL_FILE_MAX_BYTES; replaces the last. Until a proof is
 * approved (409 after). 400 errors.file otherwise.
 */
export const uploadPrivateLabelArtwork = defineContract({
  method: 'POST',
  path: '/api/private-label/requests/:id/artwork/',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED', 'ORGANISATION_ROLE', 'ILLEGAL_TRANSITION'],
  params: requestParams,
  body: z.instanceof(FormData),
  response: requestAnswer,
});

/** The buyer asks for changes to the proof sent, saying what (proof_sent → changes_requested). */
export const requestPrivateLabelChanges = defineContract({
  method: 'POST',
  path: '/api/private-label/requests/:id/changes/',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED', 'ORGANISATION_ROLE', 'ILLEGAL_TRANSITION', 'PAYMENT_IN_PROGRESS'],
  params: requestParams,
  body: z.object({ comment: multiline({ message: REQUIRED }).trim().min(1, 'Say what should change.').max(2000, atMost(2000)) }),
  response: requestAnswer,
});

/**
 * The buyer approves the proof sent, and the order is placed for the quoted total: the same body, Idempotency-Key and
 * answers as POST /api/payment/process (pay by invoice on the organisation's terms, or through a gateway), with
 * `amount` the request's grand_total (USD) or grand_total_pkr (PKR). 400 errors.manufacturer_notice until the buyer
 * confirms the manufacturer notice. The request becomes approved once the order is paid or put on invoice.
 */
export const approvePrivateLabelBody = paymentBy({ orderDetails, manufacturer_notice: z.boolean().optional().default(false) });
export type ApprovePrivateLabelBody = z.input<typeof approvePrivateLabelBody>;

export const approvePrivateLabelProof = defineContract({
  method: 'POST',
  path: '/api/private-label/requests/:id/approve/',
  errors: [
    'EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED', 'ORGANISATION_ROLE', 'ILLEGAL_TRANSITION', 'AMOUNT_MISMATCH',
    'INSUFFICIENT_STOCK', 'LICENCE_REQUIRED', 'INVOICE_NOT_ALLOWED', 'CREDIT_LIMIT_EXCEEDED', 'PAYMENT_IN_PROGRESS',
    'IDEMPOTENCY_KEY_REUSED', 'PAYMENT_DECLINED', 'RESERVATION_EXPIRED', 'CARD_DATA_NOT_ACCEPTED', 'COD_NOT_ALLOWED',
    'COD_LIMIT_EXCEEDED',
  ],
  params: requestParams,
  body: approvePrivateLabelBody,
  response: z.union([paymentSuccess, paymentWaiting]),
  status: 201,
});

/**
 * The buyer pays the balance of the request's order once it is ready to ship, through a gateway (not on terms, not
 * with store credit), in the currency the deposit was paid in and for the amount the request shows as due.
 */
export const privateLabelBalanceBody = paymentBy({}).superRefine((body, ctx) => {
  if (!(GATEWAY_METHODS as readonly string[]).includes(body.paymentMethod)) {
    ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: 'Pay the balance by card, JazzCash, Easypaisa or HBL Pay.' });
  }
  if (body.use_store_credit) ctx.addIssue({ code: 'custom', path: ['use_store_credit'], message: 'Store credit does not pay a balance.' });
});
export type PrivateLabelBalanceBody = z.input<typeof privateLabelBalanceBody>;

export const payPrivateLabelBalance = defineContract({
  method: 'POST',
  path: '/api/private-label/requests/:id/balance/',
  errors: [
    'EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED', 'ORGANISATION_ROLE', 'ILLEGAL_TRANSITION', 'AMOUNT_MISMATCH', 'BALANCE_DUE',
    'PAYMENT_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED', 'PAYMENT_DECLINED', 'CARD_DATA_NOT_ACCEPTED',
  ],
  params: requestParams,
  body: privateLabelBalanceBody,
  response: z.union([paymentSuccess, paymentWaiting]),
  status: 201,
});

/** The buyer withdraws a request not yet approved. */
export const cancelPrivateLabelRequest = defineContract({
  method: 'POST',
  path: '/api/private-label/requests/:id/cancel/',
  errors: ['EMAIL_NOT_VERIFIED', 'ACCOUNT_TYPE_NOT_ALLOWED', 'ORGANISATION_ROLE', 'ILLEGAL_TRANSITION', 'PAYMENT_IN_PROGRESS'],
  params: requestParams,
  body: z.object({ reason: optionalText(500) }),
  response: requestAnswer,
});

/* Staff: sales (and the owner). */

export const staffPrivateLabelQuery = z.object({
  status: z.enum(PRIVATE_LABEL_STATUSES, { message: `Choose one of: ${PRIVATE_LABEL_STATUSES.join(', ')}.` }).optional(),
});

export const listStaffPrivateLabelRequests = defineContract({
  staff: staffAccess.sales,
  method: 'GET',
  path: '/api/staff/private-label/requests/',
  errors: ['STAFF_ONLY'],
  query: staffPrivateLabelQuery,
  response: z.object({ requests: z.array(privateLabelRequest) }),
});

export const getStaffPrivateLabelRequest = defineContract({
  staff: staffAccess.sales,
  method: 'GET',
  path: '/api/staff/private-label/requests/:id',
  errors: ['STAFF_ONLY'],
  params: requestParams,
  response: requestAnswer,
});

export const privateLabelQuoteBody = z.object({
  /** Every item of the request, each with its unit price in USD. */
  items: z.array(z.object({
    id: z.number({ message: 'Unknown item.' }).int('Unknown item.'),
    unit_price: z.string({ message: 'Enter a unit price.' }).trim().min(1, 'Enter a unit price.')
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: INVALID_PRICE, abort: true })
      .refine((v) => Number(v) > 0, PRICE_ABOVE_ZERO),
  }), { message: 'Price every item of this request.' }).min(1, 'Price every item of this request.'),
  lead_time_days: z.number({ message: 'Enter the lead time in days.' }).int(WHOLE_NUMBER).min(1, 'Enter at least 1.').max(365, 'Enter at most 365.'),
  deposit_percent: z.number({ message: 'Enter the deposit percent.' }).int(WHOLE_NUMBER).min(1, 'Enter at least 1.').max(100, 'Enter at most 100.'),
});
export type PrivateLabelQuoteBody = z.input<typeof privateLabelQuoteBody>;

/** Quotes a requested request, or quotes again before any proof (→ quoted; the buyer is mailed). */
export const quotePrivateLabelRequest = defineContract({
  staff: staffAccess.sales,
  method: 'PUT',
  path: '/api/staff/private-label/requests/:id/quote/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION'],
  params: requestParams,
  body: privateLabelQuoteBody,
  response: requestAnswer,
});

/**
 * multipart/form-data `file` (SVG, PDF or PNG, as the artwork) and `note`: the next proof version, sent to the buyer
 * (quoted or changes_requested → proof_sent).
 */
export const uploadPrivateLabelProof = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/private-label/requests/:id/proofs/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION'],
  params: requestParams,
  body: z.instanceof(FormData),
  response: requestAnswer,
});

/** Moves an approved request one production step on: approved → in_production → quality_check → ready_to_ship. */
export const movePrivateLabelProduction = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/private-label/requests/:id/production/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION'],
  params: requestParams,
  body: z.object({ status: z.enum(PRODUCTION_STEPS, { message: `Choose one of: ${PRODUCTION_STEPS.join(', ')}.` }) }),
  response: requestAnswer,
});

/** Staff decline a request not yet approved, saying why (mailed to the buyer). */
export const declinePrivateLabelRequest = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/private-label/requests/:id/decline/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'PAYMENT_IN_PROGRESS'],
  params: requestParams,
  body: z.object({ reason: multiline({ message: REQUIRED }).trim().min(1, 'Say why.').max(500, atMost(500)) }),
  response: requestAnswer,
});

/** Where the artwork and each proof are downloaded (the buyer's organisation and staff; 404 for anyone else). */
export const privateLabelArtworkPath = (id: number) => `/api/private-label/requests/${id}/artwork/file`;
export const privateLabelProofPath = (id: number, version: number) => `/api/private-label/requests/${id}/proofs/${version}`;
