import type { GatewayMethod, PaymentCurrency, PaymentMethod, ProcessPaymentInput } from '#contracts/payment';

export type PaymentDataOf<M extends PaymentMethod> = Extract<ProcessPaymentInput, { paymentMethod: M }>['paymentData'];

export interface ChargeRequest<M extends PaymentMethod = PaymentMethod> {
  /** Our transaction id, sent to the gateway as its merchant reference. */
  transactionId: string;
  /** Minor units (paisa or cents), fee included. */
  amountMinor: number;
  currency: PaymentCurrency;
  description: string;
  /** The buyer's credentials: passed through to the gateway, never stored or logged. */
  data: PaymentDataOf<M>;
}

export interface ChargeResult {
  status: 'succeeded' | 'failed';
  /** The gateway's reference for this charge. */
  reference: string;
  message: string;
}

/** One payment gateway. A real gateway is one more implementation chosen by PAYMENT_MODE. */
export interface PaymentProvider<M extends PaymentMethod = PaymentMethod> {
  method: M;
  charge(request: ChargeRequest<M>): Promise<ChargeResult>;
}

/** One gateway per method charged through one; Pay by invoice charges nothing at checkout. */
export type PaymentProviders = { [M in GatewayMethod]: PaymentProvider<M> };
