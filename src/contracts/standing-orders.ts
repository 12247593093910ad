import { z } from 'zod';
import { defineContract } from './define.ts';
import { id as fieldId, idParam, line } from './fields.ts';
import { shippingAddress } from './payment.ts';

export const STANDING_ORDER_FREQUENCIES = ['weekly', 'monthly'] as const;
export type StandingOrderFrequency = (typeof STANDING_ORDER_FREQUENCIES)[number];

/** placed: an order on invoice terms; held: a request waiting for an approver; skipped: the buyer skipped it; failed: nothing could be ordered (the detail says why). */
export const STANDING_ORDER_RUN_STATUSES = ['placed', 'held', 'skipped', 'failed'] as const;
export type StandingOrderRunStatus = (typeof STANDING_ORDER_RUN_STATUSES)[number];

/** The shop's day turns at midnight in Sialkot: "today", "tomorrow" and every run date are days there. */
export const SHOP_TIME_ZONE = 'Asia/Karachi';
/** The buyer is mailed this many days before each run, in time to skip it. */
export const NOTICE_DAYS = 2;
/** The first run may be set at most this many days ahead. */
export const MAX_FIRST_RUN_DAYS = 366;

/** The calendar day (YYYY-MM-DD) it is in the shop at `now`. */
export function shopDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The run after `day`: a week later, or the next calendar month on `monthDay` (the day of month of the first run),
 * clamped to that month's last day (31 January, 28 or 29 February, 31 March).
 */
export function runAfter(day: string, frequency: StandingOrderFrequency, monthDay: number): string {
  if (frequency === 'weekly') return addDays(day, 7);
  const [year, month] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(monthDay, lastDay));
  return next.toISOString().slice(0, 10);
}

const listParams = z.object({ id: idParam('Reorder list not found.') });
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const CHOOSE_DATE = 'Choose the date of the first run.';
const day = z.string({ message: CHOOSE_DATE })
  .refine((value) => ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), CHOOSE_DATE);

/** Where a run ships, for which department and under which PO number: checked as a checkout checks them. */
export const standingOrderBody = z.object({
  frequency: z.enum(STANDING_ORDER_FREQUENCIES, { message: 'Choose weekly or monthly.' }),
  /** From tomorrow on (in the shop's time zone): 400 on it otherwise. */
  first_run_on: day,
  shipping_address: shippingAddress,
  /** For a member with departments: one of theirs, and the address one of its delivery addresses. */
  department_id: fieldId('Choose one of your departments.').nullable().optional().transform((v) => v ?? null),
  po_number: line().trim().max(50, 'Enter at most 50 characters.').optional().transform((v) => v ?? ''),
}, { message: 'Enter the standing order.' });
export type StandingOrderInput = z.input<typeof standingOrderBody>;

export const standingOrder = z.object({
  list_id: z.number().int(),
  frequency: z.enum(STANDING_ORDER_FREQUENCIES),
  /** The date of the next run, whether or not it is skipped. */
  next_run_on: z.string(),
  /** True when the buyer skipped the next run: it is recorded as skipped and the one after is ordered. */
  next_run_skipped: z.boolean(),
  /** The run after the next one. */
  following_run_on: z.string(),
  shipping_address: z.object({
    email: z.string(), firstName: z.string(), lastName: z.string(), company: z.string(), address: z.string(), city: z.string(),
    postalCode: z.string(), country: z.string(), phone: z.string(),
  }),
  department_id: z.number().int().nullable(),
  po_number: z.string(),
});
export type StandingOrder = z.infer<typeof standingOrder>;

export const standingOrderRun = z.object({
  id: z.number().int(),
  run_on: z.string(),
  status: z.enum(STANDING_ORDER_RUN_STATUSES),
  /** For a placed run: the order, to open at /orders/{order_id}. */
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  /** For a held run: the request waiting for an approver. */
  order_request_id: z.number().int().nullable(),
  /** What was left out and why, or why nothing was ordered. */
  detail: z.string(),
});
export type StandingOrderRun = z.infer<typeof standingOrderRun>;

/** Refusals for someone who may use the list but cannot order on a schedule: who can, and why not. */
/** Why a buyer may not set up or change a standing order: not a member on invoice terms, not verified yet, finance. */
export const ELIGIBILITY = ['INVOICE_NOT_ALLOWED', 'NOT_VERIFIED', 'ORGANISATION_ROLE'] as const;
export type EligibilityCode = (typeof ELIGIBILITY)[number];

/**
 * 404 for a list the buyer may not use; `standing_order` null when none is set. `refused` names why the buyer cannot
 * set one up or change it (what PUT would answer), null when they can: reading is never refused for it.
 */
export const getStandingOrder = defineContract({
  method: 'GET',
  path: '/api/reorder-lists/:id/standing-order/',
  params: listParams,
  response: z.object({ standing_order: standingOrder.nullable(), refused: z.enum(ELIGIBILITY).nullable() }),
});

/**
 * Sets the schedule up, or changes it (the next run becomes `first_run_on`, and a skip is forgotten). 400 per field
 * (first_run_on, shipping_address.*, department_id, po_number) with nothing written.
 */
export const putStandingOrder = defineContract({
  method: 'PUT',
  path: '/api/reorder-lists/:id/standing-order/',
  errors: ELIGIBILITY,
  params: listParams,
  body: standingOrderBody,
  response: z.object({ standing_order: standingOrder }),
});

/** Stops it: no run after this; its past runs stay listed, and a PUT starts it again. 404 when none runs. */
export const deleteStandingOrder = defineContract({
  method: 'DELETE',
  path: '/api/reorder-lists/:id/standing-order/',
  params: listParams,
  response: z.object({ detail: z.string() }),
});

/** Skips the next run (`skip: false` takes the skip back); `detail` names the date. 404 when no standing order is set. */
export const skipStandingOrderRun = defineContract({
  method: 'POST',
  path: '/api/reorder-lists/:id/standing-order/skip/',
  errors: ELIGIBILITY,
  params: listParams,
  body: z.object({ skip: z.boolean({ message: 'Say whether to skip the next run.' }).default(true) }),
  response: z.object({ standing_order: standingOrder, detail: z.string() }),
});

/** The runs so far, newest first. */
export const listStandingOrderRuns = defineContract({
  method: 'GET',
  path: '/api/reorder-lists/:id/standing-order/runs/',
  params: listParams,
  response: z.object({ runs: z.array(standingOrderRun) }),
});
