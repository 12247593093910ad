import type { GatewayMethod, ProcessPaymentInput } from '#contracts/payment';
import type { PlacedOrder } from '../orders/place-order.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider } from '../payment/providers/payment-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';

/** The gateway call, outside any transaction. A gateway that throws counts as a failed payment. */
export async function charge(deps: PaymentDeps, placed: PlacedOrder, body: ProcessPaymentInput): Promise<ChargeResult> {
  const provider = deps.providers[body.paymentMethod as GatewayMethod] as PaymentProvider;
  const request: ChargeRequest = {
    transactionId: placed.transactionId,
    amountMinor: placed.amountMinor + placed.feeMinor,
    currency: body.currency,
    description: `Sialkot Surgical order ${placed.orderNumber}`,
    email: placed.email,
    data: body.paymentData as ChargeRequest['data'],
  };
  try {
    return await provider.charge(request);
  } catch (error) {
    deps.log.error({ err: error, transactionId: placed.transactionId, method: body.paymentMethod }, 'payment gateway failed');
    return { status: 'failed', reference: '', message: 'Payment could not be processed. Please try again.', reason: 'declined' };
  }
}
