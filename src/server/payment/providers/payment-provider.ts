import type { DeclineReason } from '#contracts/errors';
import type { GatewayMethod, PaymentCurrency, PaymentMethod, ProcessPaymentInput } from '#contracts/payment';
import type { RedirectAction } from '../gateways/gateway.ts';

/** The instrument typed at checkout (the hosted page takes it otherwise). */
export type PaymentDataOf<M extends PaymentMethod> = NonNullable<Extract<ProcessPaymentInput, { paymentMethod: M }>['paymentData']>;

export interface ChargeRequest<M extends PaymentMethod = PaymentMethod> {
  /** Our transaction id, sent to the gateway as its merchant reference. */
  transactionId: string;
  /** Minor units (paisa or cents), fee included. */
  amountMinor: number;
  currency: PaymentCurrency;
  description: string;
  /** The order's email: the gateways' pages and receipts name the buyer by it. */
  email: string;
  /** The buyer's credentials: passed through to the gateway, never stored or logged; none: paid on the gateway's page. */
  data?: PaymentDataOf<M>;
}

interface ChargeAnswer {
  /** The gateway's reference for this charge. */
  reference: string;
  /** The gateway's own words (English), kept with the payment for staff. */
  message: string;
}

/**
 * A charge made, declined for a reason the buyer is told in their language, waiting for the buyer's phone (pending),
 * or waiting for the buyer on the gateway's page (requires_action, where `nextAction` leads).
 */
export type ChargeResult =
  | (ChargeAnswer & { status: 'succeeded' })
  | (ChargeAnswer & { status: 'pending' })
  | (ChargeAnswer & { status: 'failed'; reason: DeclineReason })
  | (ChargeAnswer & { status: 'requires_action'; nextAction: RedirectAction });

/** The reason a gateway's answer code stands for, from the gateway's table of the codes it names; else a plain decline. */
export function declineReasonOf(codes: Partial<Record<DeclineReason, string>>, code: string | undefined): DeclineReason {
  return (Object.keys(codes) as DeclineReason[]).find((reason) => codes[reason] === code) ?? 'declined';
}

/** One payment gateway. A real gateway is one more implementation chosen by PAYMENT_MODE. */
export interface PaymentProvider<M extends PaymentMethod = PaymentMethod> {
  method: M;
  charge(request: ChargeRequest<M>): Promise<ChargeResult>;
}

/** One gateway per method charged through one; Pay by invoice charges nothing at checkout. */
export type PaymentProviders = { [M in GatewayMethod]: PaymentProvider<M> };

/** Marks the references of charges made by the sandbox's typed-details providers, which no gateway knows. */
export const TYPED_SANDBOX_REFERENCE = 'sandbox-typed:';

/** The sandbox's charge of card or bank details typed at checkout (the spec's widget): the details are always there. */
export interface DirectProvider<M extends GatewayMethod> {
  method: M;
  charge(request: ChargeRequest<M> & { data: PaymentDataOf<M> }): Promise<ChargeResult>;
}
