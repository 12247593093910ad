import { z } from 'zod';
import { text as multiline } from './fields.ts';
import { defineContract } from './define.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * Recalls. Staff open a recall on lots of one variant of a product; the shop finds every paid order that shipped (or
 * will ship) that variant from those lots, mails its buyer and shows a banner on the order. The buyer acknowledges it once, which requests
 * the return of the affected units; staff mark returns received. Staff routes answer 403 to anyone else; a buyer's
 * routes answer 404 for another buyer's notice.
 */

export const MAX_RECALL_LOTS = 50;
export const MAX_RECALL_REASON = 1000;

const idParams = z.object({ id: z.coerce.number({ message: 'Enter an id.' }).int('Enter an id.').min(1, 'Enter an id.') });

export const openRecallBody = z.object({
  productId: z.number({ message: 'Choose a product.' }).int('Choose a product.').min(1, 'Choose a product.'),
  /** The product's variant whose lots are recalled; required when the product has several. */
  variant_id: z.number({ message: 'Choose a variant.' }).int('Choose a variant.').min(1, 'Choose a variant.').optional(),
  lotNumbers: z.array(z.string().trim().min(1, 'Enter a lot number.').max(20, 'A lot number is at most 20 characters.'), {
    message: 'Choose the lots to recall.',
  }).min(1, 'Choose at least one lot.').max(MAX_RECALL_LOTS, `Recall at most ${MAX_RECALL_LOTS} lots at once.`),
  reason: multiline({ message: 'Give the reason for the recall.' }).trim()
    .min(10, 'Give the reason for the recall (at least 10 characters).')
    .max(MAX_RECALL_REASON, `Keep the reason under ${MAX_RECALL_REASON} characters.`),
});
export type OpenRecallBody = z.input<typeof openRecallBody>;

export const recallProgress = z.object({
  /** Affected orders, one notice each. */
  orders: z.number().int(),
  /** Units of the recalled lots on those orders. */
  units: z.number().int(),
  notified: z.number().int(),
  acknowledged: z.number().int(),
  returned: z.number().int(),
});

export const recallSummary = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int(),
  /** The variant's option values ('18 cm · Curved'); '' for a product without options. */
  variantLabel: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  /** The variant's catalogue number. */
  productModel: z.string(),
  lotNumbers: z.array(z.string()),
  reason: z.string(),
  openedAt: z.string(),
  openedBy: z.string().nullable(),
  progress: recallProgress,
});
export type RecallSummary = z.infer<typeof recallSummary>;

export const RETURN_STATUSES = ['requested', 'received'] as const;

export const staffNotice = z.object({
  id: z.number().int(),
  orderId: z.string(),
  orderNumber: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  quantity: z.number().int(),
  lotNumbers: z.array(z.string()),
  notifiedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  /** Null until the buyer acknowledges. */
  returnStatus: z.enum(RETURN_STATUSES).nullable(),
  returnReceivedAt: z.string().nullable(),
  /** The return's RMA number, once asked for. */
  rma: z.string().nullable(),
});
export type StaffNotice = z.infer<typeof staffNotice>;

export const recallDetail = recallSummary.extend({ notices: z.array(staffNotice) });
export type RecallDetail = z.infer<typeof recallDetail>;

/**
 * 400 for an unknown product, a lot the variant does not hold or a lot already recalled, and on `variant_id` when it
 * is left out for a product with several variants or is another product's. 409 ALREADY_RECALLED when a lot was
 * recalled by someone else meanwhile.
 */
export const openRecall = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/recalls/',
  errors: ['STAFF_ONLY', 'INSUFFICIENT_STOCK', 'ALREADY_RECALLED'],
  body: openRecallBody,
  status: 201,
  response: recallDetail,
});

/** Newest first. */
export const listRecalls = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/recalls/',
  errors: ['STAFF_ONLY'],
  response: z.object({ recalls: z.array(recallSummary) }),
});

export const getRecall = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/recalls/:id/',
  errors: ['STAFF_ONLY'],
  params: idParams,
  response: recallDetail,
});

/** 409 NOT_ACKNOWLEDGED before the buyer has acknowledged (no return was requested yet); marking twice answers the same. */
export const markReturnReceived = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/recalls/:id/notices/:noticeId/received/',
  errors: ['STAFF_ONLY', 'NOT_ACKNOWLEDGED'],
  params: idParams.extend({ noticeId: z.coerce.number().int().min(1) }),
  response: staffNotice,
});

export const buyerNotice = z.object({
  id: z.number().int(),
  recallId: z.number().int(),
  orderId: z.string(),
  orderNumber: z.string(),
  productName: z.string(),
  productSlug: z.string(),
  variantId: z.number().int(),
  /** '' for a product without options. */
  variantLabel: z.string(),
  lotNumbers: z.array(z.string()),
  quantity: z.number().int(),
  reason: z.string(),
  openedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  returnStatus: z.enum(RETURN_STATUSES).nullable(),
  rma: z.string().nullable(),
});
export type BuyerNotice = z.infer<typeof buyerNotice>;

/** The signed-in buyer's recall notices, newest first. */
export const listMyRecallNotices = defineContract({
  method: 'GET',
  path: '/api/recalls/notices/',
  response: z.object({ notices: z.array(buyerNotice) }),
});

/** Records the acknowledgement and requests the return; acknowledging again answers the same notice. */
export const acknowledgeRecallNotice = defineContract({
  method: 'POST',
  path: '/api/recalls/notices/:id/acknowledge/',
  params: idParams,
  response: buyerNotice,
});
