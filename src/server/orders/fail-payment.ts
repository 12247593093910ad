import { eq } from 'drizzle-orm';
import { payments } from '../db/schema/payments.ts';
import type { PaymentReport } from '../payment/gateways/gateway.ts';
import { shopEvent } from './order-event-text.ts';
import { releaseOrderStock, type ReleaseDeps } from './release-order.ts';

export const PAYMENT_FAILED_MESSAGE = 'Payment failed.';

/**
 * The counterpart of confirmOrder: the attempt `transactionId` failed, so its order is cancelled and its stock, promo
 * use and flash-sale units given back, once, whichever caller learns of it first. False when there was nothing to
 * release (an unknown attempt, or an order no longer pending).
 */
export async function failPayment(
  deps: ReleaseDeps, transactionId: string, report: Pick<PaymentReport, 'gatewayReference' | 'reason'>,
): Promise<boolean> {
  const [attempt] = await deps.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.transactionId, transactionId));
  if (!attempt) return false;
  const reason = report.reason || PAYMENT_FAILED_MESSAGE;
  return releaseOrderStock(deps, attempt.orderId, {
    failureMessage: reason,
    providerReference: report.gatewayReference || null,
    event: shopEvent('payment_failed', { reason }),
  });
}
