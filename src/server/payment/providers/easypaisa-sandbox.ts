import { randomInt } from 'node:crypto';
import { easypaisaSignature, sameHash, type GatewayFields } from './integrity-hash.ts';
import { EASYPAISA_DECLINES, EASYPAISA_SUCCESS } from './easypaisa.provider.ts';
import type { GatewayTransport } from './jazzcash.provider.ts';
import { walletDecline } from './sandbox-outcomes.ts';

/** An in-process stand-in for Easypaisa's sandbox: checks the request's signature and signs its answer. */
export function createEasypaisaSandbox(hashKey: string): GatewayTransport {
  return async (request) => {
    const answer = (code: string, message: string): GatewayFields => {
      const fields: GatewayFields = {
        orderId: request.orderId ?? '',
        storeId: request.storeId ?? '',
        transactionAmount: request.transactionAmount ?? '',
        responseCode: code,
        responseDesc: message,
        transactionId: code === EASYPAISA_SUCCESS ? String(randomInt(10_000_000, 99_999_999)) : '',
      };
      return { ...fields, signature: easypaisaSignature(fields, hashKey) };
    };
    if (!sameHash(request.signature, easypaisaSignature(request, hashKey))) {
      return answer('0011', 'Payment declined: the request failed its integrity check.');
    }
    const decline = walletDecline(request.mobileAccountNo ?? '', request.pin ?? '');
    if (decline) return answer(EASYPAISA_DECLINES[decline.reason] ?? '0019', decline.message);
    return answer(EASYPAISA_SUCCESS, 'Transaction successful.');
  };
}
