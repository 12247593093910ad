import { eq } from 'drizzle-orm';
import { throughGateway } from '#contracts/payment';
import { payments } from '../db/schema/payments.ts';
import { confirmOrder } from '../orders/confirm-order.ts';
import { failPayment } from '../orders/fail-payment.ts';
import type { GatewayId, PaymentReport } from '../payment/gateways/gateway.ts';
import { GATEWAY_OF } from '../payment/providers/gateway-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';

/**
 * What a gateway's signed message says of one payment, applied once whoever brings it (the buyer's return, a
 * notification, the inquiry), in whatever order and however often: a payment succeeded confirms its order, one that
 * failed fails it unless it succeeded already, one still pending changes nothing. A report about a payment of another
 * gateway, or for another amount or currency than the attempt's, is refused and changes nothing.
 */
export async function applyPaymentReport(
  deps: PaymentDeps, gateway: GatewayId, report: PaymentReport,
): Promise<'applied' | 'refused'> {
  const [attempt] = await deps.db.select().from(payments).where(eq(payments.transactionId, report.reference));
  if (!attempt || !throughGateway(attempt.method) || GATEWAY_OF[attempt.method] !== gateway) {
    deps.log.warn({ gateway, reference: report.reference }, 'payment report for no payment of this gateway');
    return 'refused';
  }
  if (report.outcome === 'pending') return 'applied';
  if (report.amountMinor !== attempt.amountMinor + attempt.feeMinor || report.currency !== attempt.currency) {
    deps.log.warn({
      gateway, reference: report.reference, reported: `${report.amountMinor} ${report.currency}`,
      expected: `${attempt.amountMinor + attempt.feeMinor} ${attempt.currency}`,
    }, 'payment report for another amount: refused');
    return 'refused';
  }
  if (report.outcome === 'succeeded') {
    await confirmOrder(deps, report.reference, { gatewayReference: report.gatewayReference });
  } else if (attempt.status === 'pending' || attempt.status === 'requires_action') {
    await failPayment(deps, report.reference, { reason: report.reason, gatewayReference: report.gatewayReference });
  }
  return 'applied';
}
