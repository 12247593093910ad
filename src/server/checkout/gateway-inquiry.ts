import type { GatewayId, PaymentGateway } from '../payment/gateways/gateway.ts';
import { GATEWAY_OF } from '../payment/providers/gateway-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';

/**
 * The sweeper's question to a payment's gateway. A gateway that keeps every payment and has no record of this one
 * never charged it; one without a status inquiry (HBL Pay) cannot say, and its order waits for staff.
 */
export function gatewayInquiry(gateways: Partial<Record<GatewayId, PaymentGateway>>): NonNullable<PaymentDeps['inquire']> {
  return async (method, transactionId, gatewayReference) => {
    const gateway = gateways[GATEWAY_OF[method]];
    if (!gateway || gateway.inquiry === false) return 'unknown';
    const report = await gateway.status(transactionId, gatewayReference);
    return report.outcome === 'unknown' ? 'failed' : report.outcome;
  };
}
