import type { DeclineReason } from '#contracts/errors';
import type { GatewayMethod } from '#contracts/payment';
import type { GatewayId, PaymentGateway, PaymentReport, StartOutcome, StartPayment } from '../gateways/gateway.ts';
import { EASYPAISA_SANDBOX_DECLINES } from '../gateways/easypaisa-protocol.ts';
import { JAZZCASH_DECLINES } from '../gateways/jazzcash-protocol.ts';
import type { SandboxPhone } from '../sandbox/sandbox-phone.ts';
import { declineReasonOf, type ChargeRequest, type ChargeResult, type DirectProvider, type PaymentDataOf, type PaymentProvider } from './payment-provider.ts';

/** The gateway each checkout method is charged through; cards go through the card gateway (Safepay). */
export const GATEWAY_OF: Record<GatewayMethod, GatewayId> = {
  jazzcash: 'jazzcash', easypaisa: 'easypaisa', hbl_pay: 'hbl_pay', credit_card: 'safepay',
};

/** The declines each gateway documents by code, told to the buyer by reason; any other is a plain decline. */
const DECLINES: Partial<Record<GatewayId, Partial<Record<DeclineReason, string>>>> = {
  jazzcash: JAZZCASH_DECLINES, easypaisa: EASYPAISA_SANDBOX_DECLINES,
};

const WAITING_MESSAGE = 'Approve the payment on your phone.';

export interface GatewayProviderOptions<M extends GatewayMethod> {
  method: M;
  gateway: PaymentGateway;
  /** The shop's public address: the gateway sends the buyer back to /api/payment/return/{gateway} under it. */
  publicUrl: string;
  /** Sandbox only: the typed card or bank details of the spec's widget, charged by the in-process sandbox. */
  direct?: DirectProvider<M>;
  /** Sandbox only: approves a wallet payment with the PIN typed at checkout. */
  phone?: SandboxPhone;
}

export function chargeResultOf(gateway: GatewayId, outcome: StartOutcome | PaymentReport | { outcome: 'unknown' }): ChargeResult {
  const status = 'status' in outcome ? outcome.status : outcome.outcome;
  const reference = ('gatewayReference' in outcome ? outcome.gatewayReference : undefined) ?? '';
  switch (status) {
    case 'succeeded':
      return { status, reference, message: 'Payment successful.' };
    case 'requires_action':
      return { status, reference, message: 'Pay on the gateway\'s page.', nextAction: (outcome as Extract<StartOutcome, { status: 'requires_action' }>).nextAction };
    case 'failed': {
      const { reason, code } = outcome as { reason?: string; code?: string };
      return { status, reference, message: reason || 'Payment failed.', reason: declineReasonOf(DECLINES[gateway] ?? {}, code) };
    }
    default:
      return { status: 'pending', reference, message: WAITING_MESSAGE };
  }
}

/**
 * A checkout method charged through its gateway's adapter: on the gateway's page without typed details, through the
 * wallet's REST transaction with a mobile number, and (sandbox only) through the in-process sandbox with typed card
 * or bank details. A wallet PIN typed at checkout never reaches the gateway: the sandbox's phone approves with it.
 */
export function gatewayProvider<M extends GatewayMethod>(options: GatewayProviderOptions<M>): PaymentProvider<M> {
  const { gateway, phone } = options;
  const base = options.publicUrl.replace(/\/+$/, '');
  return {
    method: options.method,
    async charge(request: ChargeRequest<M>) {
      const start: StartPayment = {
        reference: request.transactionId,
        amountMinor: request.amountMinor,
        currency: request.currency,
        description: request.description,
        returnUrl: `${base}/api/payment/return/${gateway.id}`,
        notifyUrl: `${base}/api/payment/notify/${gateway.id}`,
        email: request.email,
      };
      const data = request.data as Record<string, string | undefined> | undefined;
      if (!data) return chargeResultOf(gateway.id, await gateway.start(start));
      if (data.mobile === undefined) {
        if (!options.direct) throw new Error(`${options.method}: typed details reach no gateway in live mode`);
        return options.direct.charge(request as ChargeRequest<M> & { data: PaymentDataOf<M> });
      }
      const settled = new AbortController();
      const approval = data.pin && phone ? phone.approve(gateway.id, request.transactionId, data.pin, settled.signal) : null;
      const started = await gateway.start({ ...start, wallet: { mobile: data.mobile, cnic: data.cnic } })
        .finally(() => { if (!approval) settled.abort(); });
      if (started.status !== 'pending') settled.abort();
      await approval;
      if (started.status !== 'pending' || !approval) return chargeResultOf(gateway.id, started);
      // Approved on the phone: the gateway's inquiry says what became of it (its notification says the same).
      return chargeResultOf(gateway.id, await gateway.status(request.transactionId, started.gatewayReference));
    },
  };
}
