import type { PaymentMethod } from '#contracts/payment';
import type { RefundOutcome, RefundRequest } from '../payment/gateways/gateway.ts';

/** Asks the gateway a payment went through to give money back. */
export type RefundThroughGateway = (method: PaymentMethod, request: RefundRequest) => Promise<RefundOutcome>;

/** Until the gateway adapters are wired in, no method refunds by itself: staff return the money and record it. */
export const refundByHand: RefundThroughGateway = async () => ({ status: 'manual' });
