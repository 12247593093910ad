import type { GatewayMethod } from '#contracts/payment';
import type { CartDeps } from '../cart/cart.service.ts';
import type { SettleSource } from '../orders/order-source.ts';
import type { PurchasingPolicy } from '../orders/purchasing-policy.ts';
import type { ReleaseDeps } from '../orders/release-order.ts';
import type { PaymentProviders } from '../payment/providers/payment-provider.ts';
import type { RefundThroughGateway } from '../refunds/refund-gateway.ts';

/** What a gateway knows of one charge; `unknown`: it cannot say (no inquiry, no record, or no answer). */
export type InquiryOutcome = 'succeeded' | 'failed' | 'pending' | 'unknown';

export interface PaymentDeps extends CartDeps, ReleaseDeps {
  providers: PaymentProviders;
  purchasing: PurchasingPolicy;
  /** What confirming a paid order does where it came from (the cart, the quote, the request). */
  settleSource: SettleSource;
  /** The gateway's status inquiry for a charge; without it, an abandoned charge is taken as never made. */
  inquire?: (method: GatewayMethod, transactionId: string, gatewayReference?: string) => Promise<InquiryOutcome>;
  /** Gives back a payment that came after its reservation ran out, when its stock was gone. */
  refundThroughGateway: RefundThroughGateway;
}
