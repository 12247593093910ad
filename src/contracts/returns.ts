import { z } from 'zod';
import { creditNoteRef } from './credit-notes.ts';
import { defineContract } from './define.ts';
import { atMost, message, REQUIRED } from './issues.ts';
import { decimalString } from './money.ts';
import { order } from './orders.ts';
import { CARRIERS } from './shipping.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * Returns. A buyer asks to return delivered units of an order (an RMA); staff approve it with a return label or
 * drop-off instructions, or reject it; on receipt they inspect each line (restock into its lot, quarantine, scrap);
 * then they resolve it: a refund to the original payment, store credit, or an exchange. Every refund or credit comes
 * with a numbered credit note. A recall's return is an RMA of the reason `recall`, without fees or window.
 */

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'resolved'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** What a buyer may give as the reason; `recall` is the shop's own, for a recall's returns. */
export const BUYER_RETURN_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'defective', 'no_longer_needed'] as const;
export const RETURN_REASONS = [...BUYER_RETURN_REASONS, 'recall'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_SHIPPING_PAYERS = ['shop', 'buyer'] as const;
export const RETURN_EXCLUSIONS = ['private_label', 'made_to_order'] as const;
export const RETURN_DISPOSITIONS = ['restock', 'quarantine', 'scrap'] as const;
export type ReturnDisposition = (typeof RETURN_DISPOSITIONS)[number];
export const RETURN_RESOLUTIONS = ['refund', 'store_credit', 'exchange'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];
/** The name a return's label is saved under. */
export const returnLabelFileName = (rma: string) => `return-label-${rma}.pdf`;

export const CREDIT_NOTE_KINDS = ['refund', 'store_credit'] as const;
/** return: credited by a return; spent: part of an order's payment; released: an order paid in part by credit was cancelled. */
export const STORE_CREDIT_KINDS = ['return', 'spent', 'released', 'adjustment'] as const;

/**
 * Why a line cannot be returned (now): not yet delivered, the window closed, nothing left to return, or the product
 * is excluded by the policy.
 */
export const NOT_RETURNABLE = ['not_delivered', 'window_closed', 'all_returned', 'private_label', 'made_to_order'] as const;
export type NotReturnable = (typeof NOT_RETURNABLE)[number];

/** The carriers that book a return label (a carrier named by hand books nothing). */
export const LABEL_CARRIERS = CARRIERS.filter((carrier) => carrier !== 'other') as ['tcs', 'leopards', 'postex', 'dhl_express'];

export const MAX_RETURN_COMMENT = 1000;
export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;


export const returnPolicy = z.object({
  window_days: z.number().int(),
  restocking_fee_percent: z.number().int(),
  /** USD, kept back when the reason's return shipping is the buyer's. */
  return_shipping_fee: decimalString,
  reasons: z.array(z.object({ code: z.enum(BUYER_RETURN_REASONS), shipping_paid_by: z.enum(RETURN_SHIPPING_PAYERS) })),
  exclusions: z.array(z.object({ product_id: z.number().int(), name: z.string(), reason: z.enum(RETURN_EXCLUSIONS) })),
});
export type ReturnPolicy = z.infer<typeof returnPolicy>;

export const returnReceipt = z.object({
  quantity: z.number().int(),
  disposition: z.enum(RETURN_DISPOSITIONS),
  lot_number: z.string().nullable(),
  udi: z.string().nullable(),
});

export const returnItemView = z.object({
  id: z.number().int(),
  order_item_id: z.number().int(),
  name: z.string(),
  variant_label: z.string(),
  model_number: z.string(),
  quantity: z.number().int(),
  /** USD, as charged per unit on the order. */
  unit_price: decimalString,
  reason: z.enum(RETURN_REASONS),
  used: z.boolean(),
  exchange_variant_id: z.number().int().nullable(),
  exchange_variant_label: z.string().nullable(),
  received: z.array(returnReceipt),
});

export const returnView = z.object({
  rma: z.string(),
  status: z.enum(RETURN_STATUSES),
  order_number: z.string(),
  created_at: z.string(),
  comment: z.string(),
  photo_url: z.string().nullable(),
  decontamination_declared: z.boolean(),
  items: z.array(returnItemView),
  rejection_reason: z.string().nullable(),
  /** Approved with a carrier's label: the carrier and its tracking number. */
  label: z.object({
    carrier: z.enum(LABEL_CARRIERS), carrier_name: z.string(), tracking_number: z.string(),
    /** The label to print and stick on the parcel, when the carrier gave one (its buyer's and staff's). */
    pdf_url: z.string().nullable(),
  }).nullable(),
  drop_off_instructions: z.string().nullable(),
  resolution: z.enum(RETURN_RESOLUTIONS).nullable(),
  /** USD: what the lines are worth, what the policy keeps back, and what is given back (refund or credit). */
  amounts: z.object({ lines: decimalString, fees: decimalString, total: decimalString }),
  exchange_order_number: z.string().nullable(),
  credit_notes: z.array(creditNoteRef),
});
export type ReturnView = z.infer<typeof returnView>;

/** What staff see besides: the buyer. */
export const staffReturnView = returnView.extend({
  order_id: z.string(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  recall_id: z.number().int().nullable(),
});
export type StaffReturnView = z.infer<typeof staffReturnView>;

/** A line of a delivered order as a return may take it. */
export const returnableLine = z.object({
  order_item_id: z.number().int(),
  /** Units that may still be returned (0 when `blocked`). */
  returnable_quantity: z.number().int(),
  blocked: z.enum(NOT_RETURNABLE).nullable(),
  /** A sterile pack: refused once opened. */
  sterile: z.boolean(),
  /** The product's other variants, for an exchange. */
  exchange_options: z.array(z.object({ variant_id: z.number().int(), label: z.string(), available: z.number().int() })),
});
export type ReturnableLine = z.infer<typeof returnableLine>;

const orderNumberParams = z.object({ orderNumber: z.string().trim().min(1, 'Unknown order.').max(40, 'Unknown order.') });
const rmaParams = z.object({ rma: z.string().trim().min(1, 'Unknown return.').max(40, 'Unknown return.') });

/** The order's returns, newest first, what it may still return, until when, and the policy. 404 for another's order. */
export const listOrderReturns = defineContract({
  method: 'GET',
  path: '/api/orders/:orderNumber/returns/',
  params: orderNumberParams,
  response: z.object({
    returns: z.array(returnView),
    lines: z.array(returnableLine),
    /** The last day (ISO) a return may be asked for; null before delivery. */
    window_ends: z.string().nullable(),
    policy: returnPolicy.omit({ exclusions: true }),
  }),
});

export const RETURN_QUANTITY = message('whole_number', 'Enter a whole number of units.');
export const DECONTAMINATION_REQUIRED = message('decontamination_required',
  'Declare that the used instruments were cleaned and decontaminated.');
export const STERILE_OPENED = message('sterile_opened', 'A sterile pack cannot be returned once opened.');
export const LINE_NOT_RETURNABLE = message('line_not_returnable', 'This line cannot be returned.');
export const EXCHANGE_SAME_VARIANT = message('exchange_same_variant', 'Choose a size other than the one you bought.');

export const returnRequestItem = z.object({
  order_item_id: z.number({ message: REQUIRED }).int(REQUIRED).min(1, REQUIRED),
  quantity: z.number({ message: RETURN_QUANTITY }).int(RETURN_QUANTITY).min(1, RETURN_QUANTITY).max(10_000, RETURN_QUANTITY),
  reason: z.enum(BUYER_RETURN_REASONS, { message: message('choose_reason', 'Choose a reason.') }),
  /** The instrument was used: the decontamination declaration is required. */
  used: z.boolean().optional().default(false),
  /** A sterile pack that was opened: refused. */
  opened: z.boolean().optional().default(false),
  /** For an exchange: the variant wanted instead (the same product). */
  exchange_variant_id: z.number().int().min(1).nullable().optional(),
});

export const returnRequestBody = z.object({
  items: z.array(returnRequestItem, { message: message('choose_lines', 'Choose what to return.') })
    .min(1, message('choose_lines', 'Choose what to return.')).max(100),
  comment: z.string().trim().max(MAX_RETURN_COMMENT, atMost(MAX_RETURN_COMMENT)).optional().default(''),
  decontamination_declared: z.boolean().optional().default(false),
}).superRefine((body, ctx) => {
  body.items.forEach((item, index) => {
    if (item.opened) ctx.addIssue({ code: 'custom', path: ['items', index, 'opened'], message: STERILE_OPENED });
  });
  if (body.items.some((item) => item.used) && !body.decontamination_declared) {
    ctx.addIssue({ code: 'custom', path: ['decontamination_declared'], message: DECONTAMINATION_REQUIRED });
  }
});
export type ReturnRequestBody = z.input<typeof returnRequestBody>;

/**
 * Asks to return units of a delivered order (201 with the RMA; the buyer is mailed). 400 per field for a line not
 * delivered, past the window, excluded, or more units than delivered less returned; 404 for another's order.
 */
export const requestReturn = defineContract({
  method: 'POST',
  path: '/api/orders/:orderNumber/returns/',
  status: 201,
  params: orderNumberParams,
  body: returnRequestBody,
  response: z.object({ return: returnView }),
});

/** multipart/form-data `file` (JPEG or PNG, at most RETURN_PHOTO_MAX_BYTES): a photo of the goods, while requested. */
export const uploadReturnPhoto = defineContract({
  method: 'POST',
  path: '/api/orders/:orderNumber/returns/:rma/photo/',
  errors: ['ILLEGAL_TRANSITION'],
  params: orderNumberParams.extend(rmaParams.shape),
  body: z.instanceof(FormData),
  response: z.object({ return: returnView }),
});

export const staffReturnsQuery = z.object({ status: z.enum(['all', ...RETURN_STATUSES]).optional().default('all') });

export const listStaffReturns = defineContract({
  staff: staffAccess.ordersRead,
  method: 'GET',
  path: '/api/staff/returns/',
  errors: ['STAFF_ONLY'],
  query: staffReturnsQuery,
  response: z.object({ returns: z.array(staffReturnView) }),
});

export const getStaffReturn = defineContract({
  staff: staffAccess.ordersRead,
  method: 'GET',
  path: '/api/staff/returns/:rma/',
  errors: ['STAFF_ONLY'],
  params: rmaParams,
  response: z.object({ return: staffReturnView }),
});

export const approveReturnBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('label'), carrier: z.enum(LABEL_CARRIERS, { message: message('choose_carrier', 'Choose a carrier.') }) }),
  z.object({
    method: z.literal('drop_off'),
    instructions: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(MAX_RETURN_COMMENT, atMost(MAX_RETURN_COMMENT)),
  }),
], { message: message('choose_return_method', 'Choose a return label or drop-off instructions.') });
export type ApproveReturnBody = z.input<typeof approveReturnBody>;

/** Approves a requested return, booking a return label with the carrier, or with drop-off instructions. */
export const approveReturn = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/staff/returns/:rma/approve/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'CARRIER_ERROR'],
  params: rmaParams,
  body: approveReturnBody,
  response: z.object({ return: staffReturnView }),
});

export const rejectReturn = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/staff/returns/:rma/reject/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION'],
  params: rmaParams,
  body: z.object({
    reason: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(MAX_RETURN_COMMENT, atMost(MAX_RETURN_COMMENT)),
  }),
  response: z.object({ return: staffReturnView }),
});

export const receiveReturnBody = z.object({
  items: z.array(z.object({
    order_item_id: z.number({ message: REQUIRED }).int(REQUIRED).min(1, REQUIRED),
    quantity: z.number({ message: RETURN_QUANTITY }).int(RETURN_QUANTITY).min(1, RETURN_QUANTITY).max(10_000, RETURN_QUANTITY),
    disposition: z.enum(RETURN_DISPOSITIONS, { message: message('choose_disposition', 'Choose restock, quarantine or scrap.') }),
    /** The lot printed on what came back; restocking needs one the order shipped from, neither recalled nor expired. */
    lot_number: z.string().trim().max(20, atMost(20)).optional(),
    udi: z.string().trim().max(200, atMost(200)).optional(),
  })).min(1, message('choose_lines', 'Choose what to return.')).max(200),
});
export type ReceiveReturnBody = z.input<typeof receiveReturnBody>;

/**
 * Records what came back of an approved return, line by line (a line may be split across dispositions): restock puts
 * the units back into their lot as a `return` movement; quarantine and scrap keep them out of stock. 400 per line for
 * more than was asked, or a lot that is recalled, expired or not one the order shipped from.
 */
export const receiveReturn = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/staff/returns/:rma/receive/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION'],
  params: rmaParams,
  body: receiveReturnBody,
  response: z.object({ return: staffReturnView }),
});

/**
 * Settles a received return (Idempotency-Key required: asked again, it answers the same). refund: the lines less
 * the policy's fees, through the payment's gateway; store_credit: the same amount to the buyer's (or organisation's)
 * credit; exchange: a replacement order at no charge with its stock reserved. A credit note follows a refund or credit.
 */
export const resolveReturn = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/returns/:rma/resolve/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'NOT_REFUNDABLE', 'REFUND_EXCEEDS_CAPTURED', 'REFUND_FAILED',
    'IDEMPOTENCY_KEY_REUSED', 'INSUFFICIENT_STOCK'],
  params: rmaParams,
  body: z.object({
    resolution: z.enum(RETURN_RESOLUTIONS, { message: message('choose_resolution', 'Choose refund, store credit or exchange.') }),
    /** A refund the gateway cannot make: the transfer reference of the money staff returned themselves. */
    reference: z.string().trim().max(100, atMost(100)).optional(),
  }),
  response: z.object({ return: staffReturnView, order }),
});

export const getReturnPolicy = defineContract({
  staff: staffAccess.ordersRead,
  method: 'GET',
  path: '/api/staff/returns/policy/',
  errors: ['STAFF_ONLY'],
  response: z.object({ policy: returnPolicy }),
});

const DAYS = message('whole_number', 'Enter a whole number of days.');
const PERCENT = message('whole_number', 'Enter a whole percentage from 0 to 100.');
const FEE = message('invalid_price', 'Enter an amount like 15.00.');

export const returnPolicyBody = z.object({
  window_days: z.number({ message: DAYS }).int(DAYS).min(0, DAYS).max(365, DAYS),
  restocking_fee_percent: z.number({ message: PERCENT }).int(PERCENT).min(0, PERCENT).max(100, PERCENT),
  return_shipping_fee: z.string({ message: FEE }).trim().regex(/^\d{1,6}(\.\d{1,2})?$/, FEE),
  reasons: z.array(z.object({ code: z.enum(BUYER_RETURN_REASONS), shipping_paid_by: z.enum(RETURN_SHIPPING_PAYERS) })).max(10),
  exclusions: z.array(z.object({ product_id: z.number().int().min(1), reason: z.enum(RETURN_EXCLUSIONS) })).max(1000),
});
export type ReturnPolicyBody = z.input<typeof returnPolicyBody>;

export const updateReturnPolicy = defineContract({
  staff: staffAccess.sales,
  method: 'PUT',
  path: '/api/staff/returns/policy/',
  errors: ['STAFF_ONLY'],
  body: returnPolicyBody,
  response: z.object({ policy: returnPolicy }),
});

export const returnsReportQuery = z.object({
  from: z.iso.date({ message: message('invalid_date', 'Enter a date as YYYY-MM-DD.') }).optional(),
  to: z.iso.date({ message: message('invalid_date', 'Enter a date as YYYY-MM-DD.') }).optional(),
});

/** Returns asked for in the range (dates inclusive), by reason and by product, in units and returns. */
export const returnsReport = defineContract({
  staff: staffAccess.ordersRead,
  method: 'GET',
  path: '/api/staff/returns/report/',
  errors: ['STAFF_ONLY'],
  query: returnsReportQuery,
  response: z.object({
    by_reason: z.array(z.object({ reason: z.enum(RETURN_REASONS), returns: z.number().int(), units: z.number().int() })),
    by_product: z.array(z.object({ product_id: z.number().int().nullable(), name: z.string(), returns: z.number().int(), units: z.number().int() })),
  }),
});

export const storeCreditEntry = z.object({
  amount: decimalString,
  kind: z.enum(STORE_CREDIT_KINDS),
  order_number: z.string().nullable(),
  rma: z.string().nullable(),
  credit_note: creditNoteRef.nullable(),
  created_at: z.string(),
});

/** The signed-in buyer's store credit (USD), and their organisation's when they belong to one; newest entries first. */
export const getStoreCredit = defineContract({
  method: 'GET',
  path: '/api/profile/store-credit/',
  response: z.object({
    balance: decimalString,
    entries: z.array(storeCreditEntry),
    organisation: z.object({ name: z.string(), balance: decimalString, entries: z.array(storeCreditEntry) }).nullable(),
  }),
});
