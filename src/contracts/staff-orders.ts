import { z } from 'zod';
import { defineContract } from './define.ts';
import { message } from './issues.ts';
import { order, ORDER_PAYMENT_STATUSES, ORDER_STATUSES, ordersQuery } from './orders.ts';
import { refundBody, refundView } from './refunds.ts';
import { countryName } from './shipping.ts';
import { staffAccess } from './staff-roles.ts';

/* Fulfilment for staff and superusers only (401 signed out, 403 for anyone else). */

const orderIdParams = z.object({ id: z.uuid({ message: 'Unknown order.' }) });
const text = (max: number) => z.string().trim().min(1, 'This field is required.').max(max, `Enter at most ${max} characters.`);

const INVALID_DAY = message('invalid_date', 'Enter a date as YYYY-MM-DD.');
const UNKNOWN_COUNTRY = message('unknown_country', 'Choose a country.');
const TO_BEFORE_FROM = message('invalid', 'Choose a day on or after the first day.');

/**
 * The buyer's filters, and: the payment state, the days it was placed (`from` and `to`, whole UTC days, inclusive),
 * the ship-to country (ISO 3166-1 alpha-2); `search` also finds the buyer's email and name.
 */
export const staffOrdersQuery = ordersQuery.extend({
  payment_status: z.enum(ORDER_PAYMENT_STATUSES, { message: 'Choose a payment state.' }).optional(),
  from: z.iso.date({ message: INVALID_DAY }).optional(),
  to: z.iso.date({ message: INVALID_DAY }).optional(),
  country: z.string({ message: UNKNOWN_COUNTRY }).trim().toUpperCase().refine((code) => countryName(code) !== null, UNKNOWN_COUNTRY).optional(),
}).refine((query) => !query.from || !query.to || query.from <= query.to, { message: TO_BEFORE_FROM, path: ['to'] });
export type StaffOrdersQuery = z.input<typeof staffOrdersQuery>;
export type StaffOrdersFilter = z.infer<typeof staffOrdersQuery>;

export const listStaffOrders = defineContract({
  staff: staffAccess.ordersRead,
  method: 'GET',
  path: '/api/staff/orders/',
  errors: ['STAFF_ONLY'],
  query: staffOrdersQuery,
  response: z.object({ orders: z.array(order), totalPages: z.number().int(), count: z.number().int() }),
});

/**
 * Moves the order one step on: confirmed → processing, or shipped → delivered (which delivers its open shipments).
 * Shipping goes through shipments (`createShipment`, shipments.ts): 409 for partly_shipped or shipped here.
 */
export const advanceOrder = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/staff/orders/:id/status/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'INSUFFICIENT_STOCK'],
  params: orderIdParams,
  body: z.object({ status: z.enum(ORDER_STATUSES), description: z.string().trim().max(500).optional(), location: z.string().trim().max(200).optional() }),
  response: z.object({ order }),
});

/** A tracking update that does not change the status (e.g. 'Arrived at Lahore hub'), of one shipment when named. */
export const addTrackingEvent = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/staff/orders/:id/events/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION'],
  params: orderIdParams,
  body: z.object({
    description: text(500), location: z.string().trim().max(200).optional(),
    shipmentId: z.uuid({ message: 'Unknown shipment.' }).optional(),
  }),
  response: z.object({ order }),
});

export const staffCancelOrder = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/staff/orders/:id/cancel/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'INSUFFICIENT_STOCK'],
  params: orderIdParams,
  body: z.object({ reason: z.string().trim().max(500).optional() }),
  response: z.object({ order }),
});

/**
 * Gives back part or all of what an order's payment captured, through the payment's gateway (201 with the refund and
 * the order). Needs an Idempotency-Key header: the same key answers the first refund again and never refunds twice.
 * 409 NOT_REFUNDABLE when the order has no captured payment, REFUND_EXCEEDS_CAPTURED (with `refundable`, USD) when the
 * amount is more than is left, REFUND_FAILED when the gateway refused; 400 asking for `reference` when the gateway
 * cannot refund it.
 */
export const createRefund = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/orders/:id/refunds/',
  status: 201,
  errors: ['STAFF_ONLY', 'NOT_REFUNDABLE', 'REFUND_EXCEEDS_CAPTURED', 'REFUND_FAILED', 'IDEMPOTENCY_KEY_REUSED'],
  params: z.object({ id: z.uuid({ message: 'Unknown order.' }) }),
  body: refundBody,
  response: z.object({ refund: refundView, order }),
});
