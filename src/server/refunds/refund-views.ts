import { asc, inArray } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import type { RefundView } from '#contracts/refunds';
import type { DbOrTx } from '../db/client.ts';
import { refunds } from '../db/schema/refunds.ts';
import type { payments } from '../db/schema/payments.ts';
import { chargedToUsdCents } from './refund-amounts.ts';
import { captured, CAPTURED, type RefundRow } from './refunds.service.ts';

type PaymentRow = typeof payments.$inferSelect;

export const refundView = (row: RefundRow): RefundView => ({
  id: row.id,
  amount: centsToDecimal(row.amountMinor),
  currency: row.currency,
  status: row.status,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

/** Each order's refunds, oldest first. */
export async function refundsByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, RefundRow[]>> {
  const byOrder = new Map<string, RefundRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/** What an order's refunds gave back, in US cents: failed ones count for nothing. */
export const refundedUsdCents = (rows: RefundRow[]): number =>
  rows.reduce((sum, row) => sum + (row.status === 'failed' ? 0 : row.amountUsdCents), 0);

export const isCaptured = (payment: PaymentRow): boolean => (CAPTURED as readonly string[]).includes(payment.status);

/** What is left to refund of an order's captured payment, in US cents at its rate (0 without one). */
export function refundableUsdCents(payment: PaymentRow | undefined, rows: RefundRow[], exchangeRate: string): number {
  if (!payment) return 0;
  const taken = rows.reduce((sum, row) => sum + (row.paymentId === payment.id && row.status !== 'failed' ? row.amountMinor : 0), 0);
  return chargedToUsdCents(captured(payment) - taken, { currency: payment.currency, exchangeRate });
}
