import { randomInt } from 'node:crypto';
import { jazzcashSecureHash, sameHash, type GatewayFields } from './integrity-hash.ts';
import { JAZZCASH_DECLINES, JAZZCASH_SUCCESS, type GatewayTransport } from './jazzcash.provider.ts';
import { walletDecline } from './sandbox-outcomes.ts';

/** An in-process stand-in for JazzCash's sandbox: checks the request's hash and signs its answer the same way. */
export function createJazzcashSandbox(integritySalt: string): GatewayTransport {
  return async (request) => {
    const answer = (code: string, message: string): GatewayFields => {
      const fields: GatewayFields = {
        pp_TxnType: 'MWALLET',
        pp_TxnRefNo: request.pp_TxnRefNo ?? '',
        pp_Amount: request.pp_Amount ?? '',
        pp_TxnCurrency: 'PKR',
        pp_ResponseCode: code,
        pp_ResponseMessage: message,
        pp_RetreivalReferenceNo: code === JAZZCASH_SUCCESS ? String(randomInt(100_000_000, 999_999_999)) : '',
      };
      return { ...fields, pp_SecureHash: jazzcashSecureHash(fields, integritySalt) };
    };
    if (!sameHash(request.pp_SecureHash, jazzcashSecureHash(request, integritySalt))) {
      return answer('110', 'Payment declined: the request failed its integrity check.');
    }
    const decline = walletDecline(request.pp_MobileNumber ?? '', request.pp_MPIN ?? '');
    if (decline) return answer(JAZZCASH_DECLINES[decline.reason] ?? '199', decline.message);
    return answer(JAZZCASH_SUCCESS, 'Thank you for using JazzCash, your transaction was successful.');
  };
}
