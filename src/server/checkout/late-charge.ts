import { confirmOrder } from '../orders/confirm-order.ts';
import { failPayment } from '../orders/fail-payment.ts';
import type { ChargeResult } from '../payment/providers/payment-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';

/**
 * A gateway's answer to a charge after the buyer was told it is pending (it did not answer in time): a success
 * confirms the order, once, and a decline fails it while it is still open. A payment still pending, or a hosted page
 * the buyer never reached, is left to the gateway's notification and the sweeper's status inquiry.
 */
export async function applyLateCharge(deps: PaymentDeps, transactionId: string, result: ChargeResult): Promise<void> {
  deps.log.warn({ transactionId, status: result.status }, 'payment gateway answered after the timeout');
  if (result.status === 'succeeded') {
    await confirmOrder(deps, transactionId, { gatewayReference: result.reference || undefined });
  } else if (result.status === 'failed') {
    await failPayment(deps, transactionId, { reason: result.message, gatewayReference: result.reference || undefined });
  }
}
