import { throughGateway, type PaymentMethod } from '#contracts/payment';
import type { GatewayId, PaymentGateway, RefundOutcome, RefundRequest } from '../payment/gateways/gateway.ts';
import { GATEWAY_OF } from '../payment/providers/gateway-provider.ts';
import { TYPED_SANDBOX_REFERENCE } from '../payment/providers/payment-provider.ts';

/** Asks the gateway a payment went through to give money back. */
export type RefundThroughGateway = (method: PaymentMethod, request: RefundRequest) => Promise<RefundOutcome>;

/** No method refunds by itself: staff return the money and record it. */
export const refundByHand: RefundThroughGateway = async () => ({ status: 'manual' });

/**
 * Refunds through the payment's gateway, which answers manual where it has no refund API for it (wallets, Easypay,
 * HBL Pay). An invoice, cash collected at the door, an order store credit paid in full, and a charge of the sandbox's typed details, which no gateway knows, are refunded by hand.
 */
export function gatewayRefunds(gateways: Partial<Record<GatewayId, PaymentGateway>>): RefundThroughGateway {
  return async (method, request) => {
    const gateway = !throughGateway(method) ? undefined : gateways[GATEWAY_OF[method]];
    if (!gateway || request.gatewayReference.startsWith(TYPED_SANDBOX_REFERENCE)) return { status: 'manual' };
    return gateway.refund(request);
  };
}
