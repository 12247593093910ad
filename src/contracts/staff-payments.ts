import { z } from 'zod';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES } from './payment.ts';
import { staffAccess } from './staff-roles.ts';

/**
 * `needs_settling`: the order's reservation ran out while the gateway could not say whether the payment went through
 * (or says it is still pending); the order and its stock are kept until staff settle it with the gateway.
 * `refund_due`: the gateway took the money for an order that could no longer be confirmed; it goes back to the buyer.
 */
export const UNSETTLED_STATES = ['needs_settling', 'refund_due'] as const;

export const unsettledPayment = z.object({
  transactionId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  state: z.enum(UNSETTLED_STATES),
  /** What was (or may have been) charged, fee included, in `currency`. */
  amount: decimalString,
  currency: z.enum(PAYMENT_CURRENCIES),
  gatewayReference: z.string().nullable(),
  /** When the attempt was made. */
  createdAt: z.string(),
});
export type UnsettledPayment = z.infer<typeof unsettledPayment>;

/** Owner and sales: the payments the shop could not settle on its own, oldest first. */
export const listUnsettledPayments = defineContract({
  staff: staffAccess.sales,
  method: 'GET',
  path: '/api/staff/payments/unsettled/',
  errors: ['STAFF_ONLY'],
  response: z.object({ payments: z.array(unsettledPayment) }),
});
