import { easypaisaSignature, sameHash, type GatewayFields } from './integrity-hash.ts';
import { centsToDecimal } from '#contracts/money';
import { gatewayTimestamp } from './gateway-time.ts';
import type { GatewayTransport } from './jazzcash.provider.ts';
import { declineReasonOf, type PaymentProvider } from './payment-provider.ts';
import type { DeclineReason } from '#contracts/errors';

export interface EasypaisaOptions {
  storeId: string;
  hashKey: string;
  transport: GatewayTransport;
}

export const EASYPAISA_SUCCESS = '0000';
/** The answer codes of the declines whose reason the buyer is told; any other code is a plain decline. */
export const EASYPAISA_DECLINES: Partial<Record<DeclineReason, string>> = { insufficient_funds: '0012', account_blocked: '0013' };

/** Easypaisa mobile-account payments: a signed request, and an answer whose signature is verified. */
export function createEasypaisaProvider(options: EasypaisaOptions): PaymentProvider<'easypaisa'> {
  return {
    method: 'easypaisa',
    async charge({ transactionId, amountMinor, data }) {
      const request: GatewayFields = {
        storeId: options.storeId,
        orderId: transactionId,
        transactionAmount: centsToDecimal(amountMinor),
        transactionType: 'MA',
        mobileAccountNo: data.mobile,
        pin: data.pin ?? '',
        timeStamp: gatewayTimestamp(new Date()),
      };
      request.signature = easypaisaSignature(request, options.hashKey);
      const answer = await options.transport(request);
      if (!sameHash(answer.signature, easypaisaSignature(answer, options.hashKey))
        || answer.orderId !== transactionId || answer.transactionAmount !== request.transactionAmount) {
        return { status: 'failed', reference: answer.transactionId ?? '', message: 'Payment could not be verified with Easypaisa.', reason: 'not_verified' };
      }
      const said = { reference: answer.transactionId ?? '', message: answer.responseDesc ?? '' };
      return answer.responseCode === EASYPAISA_SUCCESS
        ? { status: 'succeeded', ...said }
        : { status: 'failed', ...said, reason: declineReasonOf(EASYPAISA_DECLINES, answer.responseCode) };
    },
  };
}
