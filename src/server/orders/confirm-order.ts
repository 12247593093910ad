import { and, eq, isNull } from 'drizzle-orm';
import { paysLater } from '#contracts/payment';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { sellForOrder } from '../lots/order-lots.ts';
import { invoiceConfirmationEvent } from '../organisations/invoice-terms.ts';
import { cashOnDeliveryConfirmationEvent } from '../cod/cod-terms.ts';
import type { PaymentReport } from '../payment/gateways/gateway.ts';
import type { RefundThroughGateway } from '../refunds/refund-gateway.ts';
import { settleRefund } from '../refunds/refunds.service.ts';
import { settleBalancePayment } from './order-balance.ts';
import { expiredBeforePayment, type LateRefund, refundLatePayment, refundMadeOf, reserveAgain } from './late-payment.ts';
import { shopEvent } from './order-event-text.ts';
import { sendOrderMail } from './order-mail.ts';
import type { SettleSource } from './order-source.ts';
import { orderLinesOf, type ReleaseDeps } from './release-order.ts';
import { stockUnits } from '../sets/set-composition.ts';

export const REFUND_DUE_MESSAGE = 'Charged after the reservation expired: refund due.';

export interface ConfirmDeps extends ReleaseDeps {
  settleSource: SettleSource;
  /** How the refund of a payment that came too late is asked of its gateway. */
  refundThroughGateway: RefundThroughGateway;
}

/**
 * `confirmed`: this call confirmed the order; `reserved_again`: this call confirmed an order whose reservation had run
 * out, its stock being still there to reserve again; `already_confirmed`: someone else had, for this payment (nothing
 * done); `refunded`: the payment came after the reservation ran out and the stock was gone, so the order stays
 * cancelled and the payment is refunded (by this call or an earlier one); `refund_due`: the payment was taken for an
 * order no longer waiting for it otherwise (cancelled, or another attempt paid it): it is flagged for a refund and the
 * order's timeline says so.
 */
export interface Confirmation {
  result: 'confirmed' | 'reserved_again' | 'already_confirmed' | 'refunded' | 'refund_due';
  orderId: string;
  orderNumber: string;
}

type Attempt = typeof payments.$inferSelect;

/** Confirms the attempt's order if it is pending: the stock sold, the attempt succeeded, the source settled, the buyer mailed. */
async function confirmPending(tx: DbOrTx, deps: ConfirmDeps, attempt: Attempt, reference: string | null, now: Date): Promise<Confirmation | null> {
  // An order on terms, or paid in cash at the door, is confirmed without payment: the invoice stays open until staff
  // record the payment, the cash until the courier remits it.
  const onTerms = paysLater(attempt.method);
  const [confirmed] = await tx.update(orders)
    .set({ status: 'confirmed', paymentStatus: onTerms ? 'awaiting_payment' : 'paid', reservationExpiresAt: null, updatedAt: now })
    .where(and(eq(orders.id, attempt.orderId), eq(orders.status, 'pending')))
    .returning({ orderNumber: orders.orderNumber });
  if (!confirmed) return null;
  const sold = await orderLinesOf(tx, attempt.orderId);
  for (const line of stockUnits(sold)) await sellForOrder(tx, attempt.orderId, { ...line, reason: `Order ${confirmed.orderNumber}` });
  await tx.update(payments).set({ status: onTerms ? 'pending' : 'succeeded', providerReference: reference ?? attempt.providerReference, failureMessage: null, updatedAt: now })
    .where(eq(payments.id, attempt.id));
  await tx.insert(orderEvents).values({
    orderId: attempt.orderId, status: 'confirmed',
    ...(attempt.method === 'cash_on_delivery' ? cashOnDeliveryConfirmationEvent(attempt)
      : onTerms ? await invoiceConfirmationEvent(tx, attempt.orderId) : shopEvent('payment_received')),
  });
  // The source settles the lines as bought: a set as itself, not its components.
  const bought = sold.map(({ variantId, quantity }) => ({ variantId, quantity }));
  await deps.settleSource(tx, { orderId: attempt.orderId, userId: attempt.userId, lines: bought });
  await sendOrderMail(tx, deps, 'confirmed', attempt.orderId);
  return { result: 'confirmed', orderId: attempt.orderId, orderNumber: confirmed.orderNumber };
}

/**
 * Confirms the order of the payment attempt `transactionId` once it is paid (or, for Pay by invoice, once its terms
 * apply): the reserved stock becomes a sale, the attempt is recorded as succeeded with the gateway's reference, the
 * source is settled and the buyer mailed. A payment that lands after the sweeper cancelled its order reserves the
 * stock again and confirms it the same way, or, when the stock is gone, is refunded (late-payment.ts). Safe from
 * every caller that may learn of the payment first (the gateway's answer, the buyer's return, the gateway's
 * notification, the reservation sweeper): one transaction with the attempt locked and a conditional update on the
 * order's status, so exactly one confirms, reserves again or refunds. Null for an unknown attempt.
 */
export async function confirmOrder(
  deps: ConfirmDeps, transactionId: string, report: Pick<PaymentReport, 'gatewayReference'>,
): Promise<Confirmation | null> {
  const now = new Date();
  const reference = report.gatewayReference ?? null;
  const outcome = await deps.db.transaction(async (tx): Promise<{ confirmation: Confirmation; refund?: LateRefund | null } | null> => {
    const [attempt] = await tx.select().from(payments).where(eq(payments.transactionId, transactionId)).for('update');
    if (!attempt) return null;
    const balance = await settleBalancePayment(tx, attempt, reference, now);
    if (balance) return { confirmation: { ...balance, orderId: attempt.orderId } };
    const confirmed = await confirmPending(tx, deps, attempt, reference, now);
    if (confirmed) return { confirmation: confirmed };
    const [order] = await tx.select({ orderNumber: orders.orderNumber, status: orders.status }).from(orders).where(eq(orders.id, attempt.orderId));
    const answer = (result: Confirmation['result']): { confirmation: Confirmation } => ({ confirmation: { result, orderId: attempt.orderId, orderNumber: order.orderNumber } });
    if (attempt.refundDueAt) return answer(await refundMadeOf(tx, attempt.id) ? 'refunded' : 'refund_due');
    const onTerms = paysLater(attempt.method);
    if (order.status !== 'cancelled' && (attempt.status === 'succeeded' || onTerms)) return answer('already_confirmed');
    if (order.status === 'cancelled' && !onTerms && await expiredBeforePayment(tx, attempt.orderId)) {
      if (await reserveAgain(tx, attempt, order.orderNumber, now)) {
        return { confirmation: { ...(await confirmPending(tx, deps, attempt, reference, now))!, result: 'reserved_again' } };
      }
      return { ...answer('refunded'), refund: await refundLatePayment(tx, deps, attempt, reference, now) };
    }
    await tx.update(payments).set({
      status: 'succeeded', providerReference: reference ?? attempt.providerReference, failureMessage: REFUND_DUE_MESSAGE, refundDueAt: now, updatedAt: now,
    }).where(and(eq(payments.id, attempt.id), isNull(payments.refundDueAt)));
    await tx.insert(orderEvents).values({ orderId: attempt.orderId, status: order.status, ...shopEvent('refund_due') });
    return answer('refund_due');
  });
  if (!outcome) return null;
  const { confirmation, refund } = outcome;
  if (refund) {
    const { reserved, ask } = refund;
    // The buyer was told in the cancelling transaction; a refund the gateway cannot make stays manual, for staff.
    await settleRefund(deps, reserved, ask, { referenceRequired: false, buyerTold: true });
  }
  const logged = { transactionId, orderNumber: confirmation.orderNumber, result: confirmation.result };
  if (confirmation.result === 'refund_due') deps.log.error(logged, 'charged after the reservation expired: refund due');
  else if (confirmation.result === 'refunded' || confirmation.result === 'reserved_again') deps.log.warn(logged, 'charged after the reservation expired');
  return confirmation;
}
