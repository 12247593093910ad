import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { throughGateway } from '#contracts/payment';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { confirmOrder } from '../orders/confirm-order.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { releaseOrderStock } from '../orders/release-order.ts';
import type { InquiryOutcome, PaymentDeps } from './payment-deps.ts';

const BATCH = 100;
/** Attempts a gateway may still be charging. */
export const OPEN_ATTEMPTS = ['pending', 'requires_action'] as const;

export type SweepDeps = Pick<PaymentDeps, 'db' | 'mailer' | 'publicUrl' | 'log' | 'settleSource' | 'inquire' | 'refundThroughGateway'>;

/** What the gateway says of the order's open attempts: one that succeeded wins, then one it cannot speak for. */
async function inquiryOf(deps: SweepDeps, orderId: string): Promise<{ outcome: InquiryOutcome; transactionId?: string }> {
  const { inquire } = deps;
  if (!inquire) return { outcome: 'failed' };
  const attempts = await deps.db.select({
    transactionId: payments.transactionId, method: payments.method, gatewayReference: payments.providerReference,
  }).from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, OPEN_ATTEMPTS)));
  let open: InquiryOutcome = 'failed';
  for (const attempt of attempts) {
    if (!throughGateway(attempt.method)) continue;
    const outcome = await inquire(attempt.method, attempt.transactionId, attempt.gatewayReference ?? undefined).catch((error: unknown) => {
      deps.log.warn({ err: error, transactionId: attempt.transactionId }, 'payment status inquiry failed');
      return 'unknown' as const;
    });
    if (outcome === 'succeeded') return { outcome, transactionId: attempt.transactionId };
    if (outcome !== 'failed') open = outcome;
  }
  return { outcome: open };
}

/**
 * Settles pending orders whose 15-minute reservation has run out; answers how many it cancelled. The gateway is asked
 * first about each order's open attempts: one it reports succeeded confirms the order (its stock is still reserved);
 * one it reports pending, or cannot speak for, keeps the order and its stock for staff to settle by hand
 * (GET /api/staff/payments/unsettled/); only when none may have been charged is the order cancelled and its stock given
 * back. A charge that still lands is taken up by confirmOrder: the stock reserved again when it is still there, or else
 * the payment refunded.
 */
export async function expireReservations(deps: SweepDeps, now = new Date()): Promise<number> {
  let expired = 0;
  let after = '';
  for (;;) {
    const due = await deps.db.select({ id: orders.id }).from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.reservationExpiresAt, now), after ? gt(orders.id, after) : undefined))
      .orderBy(asc(orders.id)).limit(BATCH);
    for (const order of due) {
      const inquiry = await inquiryOf(deps, order.id);
      if (inquiry.outcome === 'succeeded') {
        await confirmOrder(deps, inquiry.transactionId!, {});
      } else if (inquiry.outcome === 'failed') {
        const cancelled = await releaseOrderStock(deps, order.id, {
          failureMessage: 'Payment was not completed within 15 minutes.',
          event: shopEvent('reservation_expired'),
          expiredBy: now,
        });
        if (cancelled) expired++;
      }
    }
    if (due.length < BATCH) return expired;
    after = due[due.length - 1].id;
  }
}
