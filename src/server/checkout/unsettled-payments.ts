import { and, asc, inArray, isNotNull, eq, lte, ne, or } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import type { UnsettledPayment } from '#contracts/staff-payments';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { OPEN_ATTEMPTS } from './reservation-sweeper.ts';

const LIMIT = 200;

/**
 * Attempts of pending orders whose reservation has run out (the sweeper keeps those the gateway cannot speak for),
 * and payments taken for an order no longer waiting for them, not yet refunded.
 */
export async function unsettledPayments(db: Db, now = new Date()): Promise<UnsettledPayment[]> {
  const rows = await db.select({ payment: payments, orderNumber: orders.orderNumber }).from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(or(
      and(eq(orders.status, 'pending'), lte(orders.reservationExpiresAt, now), inArray(payments.status, OPEN_ATTEMPTS)),
      and(isNotNull(payments.refundDueAt), ne(payments.status, 'refunded')),
    ))
    .orderBy(asc(payments.createdAt)).limit(LIMIT);
  return rows.map(({ payment, orderNumber }) => ({
    transactionId: payment.transactionId,
    orderId: payment.orderId,
    orderNumber,
    method: payment.method,
    status: payment.status,
    state: payment.refundDueAt ? 'refund_due' : 'needs_settling',
    amount: centsToDecimal(payment.amountMinor + payment.feeMinor),
    currency: payment.currency,
    gatewayReference: payment.providerReference,
    createdAt: payment.createdAt.toISOString(),
  }));
}
