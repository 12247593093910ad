import { z } from 'zod';
import { atMost, message } from './issues.ts';
import { decimalString } from './money.ts';
import { PAYMENT_CURRENCIES } from './payment.ts';

/**
 * pending: the gateway took the refund and has not settled it yet; manual: the gateway cannot refund this payment,
 * staff returned the money themselves (their reference is kept); failed: the gateway refused it (it counts for nothing).
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'manual'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** One refund as order answers carry it: `amount` in the charged `currency`. */
export const refundView = z.object({
  id: z.string(),
  amount: decimalString,
  currency: z.enum(PAYMENT_CURRENCIES),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  created_at: z.string(),
});
export type RefundView = z.infer<typeof refundView>;

const INVALID_AMOUNT = message('invalid_amount', 'Enter an amount in US dollars, e.g. 12.50.');
const REASON_REQUIRED = message('reason_required', 'Say why the money is given back.');

/** A USD amount as staff type it: '12.50', '12.5' or '12'. */
const usdAmount = z.string({ message: INVALID_AMOUNT }).trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, INVALID_AMOUNT)
  .refine((value) => Number(value) > 0, message('amount_above_zero', 'Enter an amount above 0.'));

export const refundBody = z.object({
  amount: usdAmount,
  reason: z.string({ message: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(500, atMost(500)),
  /** The bank transfer or wallet reference of a refund staff made themselves; asked for when the gateway cannot refund. */
  reference: z.string().trim().max(100, atMost(100)).optional(),
});
export type RefundBody = z.input<typeof refundBody>;

/** What a refund the gateway cannot make answers under `reference` when staff gave none. */
export const MANUAL_REFERENCE_REQUIRED = message('transfer_reference_required',
  'This payment cannot be refunded through its gateway: return the money yourself and enter the transfer reference.');
