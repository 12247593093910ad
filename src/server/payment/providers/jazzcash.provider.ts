import type { GatewayFields } from './integrity-hash.ts';
import { jazzcashSecureHash, sameHash } from './integrity-hash.ts';
import { gatewayTimestamp } from './gateway-time.ts';
import { declineReasonOf, type PaymentProvider } from './payment-provider.ts';
import type { DeclineReason } from '#contracts/errors';

export type GatewayTransport = (fields: GatewayFields) => Promise<GatewayFields>;

export interface JazzcashOptions {
  merchantId: string;
  password: string;
  integritySalt: string;
  /** Sends the signed request to the gateway and returns its answer. */
  transport: GatewayTransport;
}

export const JAZZCASH_SUCCESS = '000';
/** The answer codes of the declines whose reason the buyer is told; any other code is a plain decline. */
export const JAZZCASH_DECLINES: Partial<Record<DeclineReason, string>> = { insufficient_funds: '401', account_blocked: '402' };

/** JazzCash mobile-wallet payments: a request signed with pp_SecureHash, and an answer whose hash is verified. */
export function createJazzcashProvider(options: JazzcashOptions): PaymentProvider<'jazzcash'> {
  return {
    method: 'jazzcash',
    async charge({ transactionId, amountMinor, description, data }) {
      const now = new Date();
      const request: GatewayFields = {
        pp_Version: '1.1',
        pp_TxnType: 'MWALLET',
        pp_Language: 'EN',
        pp_MerchantID: options.merchantId,
        pp_Password: options.password,
        pp_TxnRefNo: transactionId,
        pp_Amount: String(amountMinor),
        pp_TxnCurrency: 'PKR',
        pp_TxnDateTime: gatewayTimestamp(now),
        pp_TxnExpiryDateTime: gatewayTimestamp(new Date(now.getTime() + 3_600_000)),
        pp_BillReference: transactionId,
        pp_Description: description,
        pp_MobileNumber: data.mobile,
        pp_MPIN: data.pin ?? '',
      };
      request.pp_SecureHash = jazzcashSecureHash(request, options.integritySalt);
      const answer = await options.transport(request);
      if (!sameHash(answer.pp_SecureHash, jazzcashSecureHash(answer, options.integritySalt))
        || answer.pp_TxnRefNo !== transactionId || answer.pp_Amount !== request.pp_Amount) {
        return {
          status: 'failed', reference: answer.pp_RetreivalReferenceNo ?? '', message: 'Payment could not be verified with JazzCash.', reason: 'not_verified',
        };
      }
      const said = { reference: answer.pp_RetreivalReferenceNo ?? '', message: answer.pp_ResponseMessage ?? '' };
      return answer.pp_ResponseCode === JAZZCASH_SUCCESS
        ? { status: 'succeeded', ...said }
        : { status: 'failed', ...said, reason: declineReasonOf(JAZZCASH_DECLINES, answer.pp_ResponseCode) };
    },
  };
}
