import { and, eq, isNull } from 'drizzle-orm';
import { orderEvents, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { sellForOrder } from '../lots/order-lots.ts';
import { invoiceConfirmationEvent } from '../organisations/invoice-terms.ts';
import type { PaymentReport } from '../payment/gateways/gateway.ts';
import { shopEvent } from './order-event-text.ts';
import { sendOrderMail } from './order-mail.ts';
import type { SettleSource } from './order-source.ts';
import { stockLinesOf, type ReleaseDeps } from './release-order.ts';

export const REFUND_DUE_MESSAGE = 'Charged after the reservation expired: refund due.';

export interface ConfirmDeps extends ReleaseDeps {
  settleSource: SettleSource;
}

/**
 * `confirmed`: this call confirmed the order; `already_confirmed`: someone else had, for this payment (nothing done);
 * `refund_due`: the payment was taken for an order no longer waiting for it (its stock was given back, or another
 * attempt paid it): the payment is flagged for a refund and the order's timeline says so.
 */
export interface Confirmation {
  result: 'confirmed' | 'already_confirmed' | 'refund_due';
  orderId: string;
  orderNumber: string;
}

/**
 * Confirms the order of the payment attempt `transactionId` once it is paid (or, for Pay by invoice, once its terms
 * apply): the reserved stock becomes a sale, the attempt is recorded as succeeded with the gateway's reference, the
 * source is settled and the buyer mailed. Safe from every caller that may learn of the payment first (the gateway's
 * answer, the buyer's return, the gateway's notification, the reservation sweeper): one transaction with the attempt
 * locked and a conditional update on the order's status, so exactly one confirms. Null for an unknown attempt.
 */
export async function confirmOrder(
  deps: ConfirmDeps, transactionId: string, report: Pick<PaymentReport, 'gatewayReference'>,
): Promise<Confirmation | null> {
  const now = new Date();
  const reference = report.gatewayReference ?? null;
  const outcome = await deps.db.transaction(async (tx): Promise<Confirmation | null> => {
    const [attempt] = await tx.select().from(payments).where(eq(payments.transactionId, transactionId)).for('update');
    if (!attempt) return null;
    // An order on terms is confirmed without payment: the invoice stays open until staff record the payment.
    const onTerms = attempt.method === 'invoice';
    const [confirmed] = await tx.update(orders)
      .set({ status: 'confirmed', paymentStatus: onTerms ? 'awaiting_payment' : 'paid', reservationExpiresAt: null, updatedAt: now })
      .where(and(eq(orders.id, attempt.orderId), eq(orders.status, 'pending')))
      .returning({ orderNumber: orders.orderNumber });
    if (confirmed) {
      const lines = await stockLinesOf(tx, attempt.orderId);
      for (const line of lines) await sellForOrder(tx, attempt.orderId, { ...line, reason: `Order ${confirmed.orderNumber}` });
      await tx.update(payments).set({ status: onTerms ? 'pending' : 'succeeded', providerReference: reference ?? attempt.providerReference, updatedAt: now })
        .where(eq(payments.id, attempt.id));
      await tx.insert(orderEvents).values({
        orderId: attempt.orderId, status: 'confirmed',
        ...(onTerms ? await invoiceConfirmationEvent(tx, attempt.orderId) : shopEvent('payment_received')),
      });
      await deps.settleSource(tx, { orderId: attempt.orderId, userId: attempt.userId, lines });
      await sendOrderMail(tx, deps, 'confirmed', attempt.orderId);
      return { result: 'confirmed', orderId: attempt.orderId, orderNumber: confirmed.orderNumber };
    }
    const [order] = await tx.select({ orderNumber: orders.orderNumber, status: orders.status }).from(orders).where(eq(orders.id, attempt.orderId));
    const answer = (result: Confirmation['result']): Confirmation => ({ result, orderId: attempt.orderId, orderNumber: order.orderNumber });
    if (attempt.refundDueAt) return answer('refund_due');
    if (order.status !== 'cancelled' && (attempt.status === 'succeeded' || onTerms)) return answer('already_confirmed');
    await tx.update(payments).set({
      status: 'succeeded', providerReference: reference ?? attempt.providerReference, failureMessage: REFUND_DUE_MESSAGE, refundDueAt: now, updatedAt: now,
    }).where(and(eq(payments.id, attempt.id), isNull(payments.refundDueAt)));
    await tx.insert(orderEvents).values({ orderId: attempt.orderId, status: order.status, ...shopEvent('refund_due') });
    return answer('refund_due');
  });
  if (outcome?.result === 'refund_due') deps.log.error({ transactionId, orderNumber: outcome.orderNumber }, 'charged after the reservation expired: refund due');
  return outcome;
}
