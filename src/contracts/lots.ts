import { z } from 'zod';
import { defineContract } from './define.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * Lots, expiry and handling flags. Staff routes (401 signed out, 403 for anyone else) except the product's handling
 * summary, which the public product page reads.
 */

export const HANDLING_FLAGS = ['sterile', 'single_use', 'latex_free', 'cold_chain'] as const;
export type HandlingFlag = (typeof HANDLING_FLAGS)[number];
export const handlingFlags = z.array(z.enum(HANDLING_FLAGS));

/** `?handling=sterile,latex_free`: products carrying every flag named. */
export const handlingQuery = z.string().trim().max(100).optional().transform((value, ctx) => {
  if (!value) return undefined;
  const flags = [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))];
  const unknown = flags.filter((flag) => !(HANDLING_FLAGS as readonly string[]).includes(flag));
  if (unknown.length) {
    ctx.addIssue({ code: 'custom', message: `Choose from: ${HANDLING_FLAGS.join(', ')}.` });
    return z.NEVER;
  }
  return flags as HandlingFlag[];
});

/** Lots expiring within this many days are shown to staff as alerts. */
export const EXPIRY_ALERT_DAYS = 90;
export const MAX_EXPIRY_ALERT_DAYS = 3650;

/** A lot of one variant of a product. */
export const lot = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int(),
  /** The variant's option values ('18 cm · Curved'); '' for a product without options. */
  variantLabel: z.string(),
  /** Null for the variant's unlabelled stock (opening stock, returns without a lot). */
  lotNumber: z.string().nullable(),
  /** YYYY-MM-DD, the last day of use; null when the item does not expire. */
  expiryDate: z.string().nullable(),
  gtin: z.string().nullable(),
  currentStock: z.number().int(),
  reservedStock: z.number().int(),
  /** Serial numbers received in this lot and not yet shipped or held. */
  serialsInStock: z.array(z.string()),
  /** Whole days from today to the expiry date (0 or less: expired); null without expiry. */
  daysLeft: z.number().int().nullable(),
  status: z.enum(['sellable', 'expired', 'recalled']),
  receivedAt: z.string(),
});
export type Lot = z.infer<typeof lot>;

const productIdParams = z.object({
  id: z.coerce.number({ message: 'Enter a product id.' }).int('Enter a product id.').min(1, 'Enter a product id.'),
});

/**
 * The lots of all a product's variants, a variant's together (variants in their order), each variant's in the order
 * they will ship (FEFO): every numbered lot, sold out or not, and the unlabelled stock while it holds units.
 */
export const listProductLots = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/lots/products/:id/',
  errors: ['STAFF_ONLY'],
  params: productIdParams,
  response: z.object({ lots: z.array(lot) }),
});

export const expiringLot = lot.extend({
  productSlug: z.string(),
  productName: z.string(),
  /** The variant's catalogue number. */
  productModel: z.string(),
});
export type ExpiringLot = z.infer<typeof expiringLot>;

/** Lots in stock that expire within `days` (default 90) or have expired, soonest first. */
export const listExpiringLots = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/lots/expiring/',
  errors: ['STAFF_ONLY'],
  query: z.object({
    days: z.coerce.number({ message: 'Enter a number of days.' }).int('Enter a whole number of days.')
      .min(1, 'Enter at least 1.').max(MAX_EXPIRY_ALERT_DAYS, `Enter at most ${MAX_EXPIRY_ALERT_DAYS}.`).default(EXPIRY_ALERT_DAYS),
  }),
  response: z.object({ lots: z.array(expiringLot) }),
});

export const productHandling = z.object({
  flags: handlingFlags,
  /**
   * The soonest expiry among the lots the product's active variants ship from next (FEFO's next sellable lot of
   * each); null when none of them expires.
   */
  nextExpiry: z.string().nullable(),
});
export type ProductHandling = z.infer<typeof productHandling>;

/** Public: the product page's handling badges and the soonest expiry of what will ship. */
export const getProductHandling = defineContract({
  method: 'GET',
  path: '/api/products/:slug/handling/',
  params: z.object({ slug: z.string().trim().min(1).max(200) }),
  response: productHandling,
});

export { lineLot, type LineLot } from './line-lot.ts';
