import type { GatewayFields } from '../providers/integrity-hash.ts';
import { gatewayTimestamp } from '../providers/gateway-time.ts';
import { InvalidSignatureError, type GatewayMessage, type PaymentGateway, type PaymentReport, type StartOutcome, type StartPayment } from './gateway.ts';
import { callGateway, isTimeout, type Fetch } from './gateway-http.ts';
import { messageFields } from './gateway-message.ts';
import {
  hasJazzcashHash, JAZZCASH_CODES, JAZZCASH_PATHS, jazzcashAmount, jazzcashOutcome, jazzcashReference, paidByCard, retrievalReference,
  signJazzcash,
} from './jazzcash-protocol.ts';

export interface JazzcashGatewayOptions {
  merchantId: string;
  password: string;
  integritySalt: string;
  /** JazzCash's host (https://sandbox.jazzcash.com.pk, https://payments.jazzcash.com.pk) or its simulator's base URL. */
  baseUrl: string;
  fetch?: Fetch;
  /** How long an API call may take before it is given up. */
  timeoutMs?: number;
}

/** How long the buyer has to pay, on the hosted page or on the phone. */
const EXPIRY_MS = 60 * 60_000;

/** pp_Description must not hold these characters (JazzCash rejects them as possibly malicious); at most 200 long. */
const description = (text: string) => text.replace(/[<>\\*=%/:'|"{}]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);

const invalid = (detail: string) => new InvalidSignatureError('jazzcash', detail);

/**
 * JazzCash: the hosted page (Page Redirection v1.1) without a wallet, the mobile-wallet REST API v2.0 with one. Every
 * message either way is signed with pp_SecureHash; the IPN goes to the URL set in JazzCash's merchant portal (the
 * shop's /api/payment/notify/jazzcash), not to one sent with the payment. JazzCash takes PKR only.
 */
export function createJazzcashGateway(options: JazzcashGatewayOptions): PaymentGateway {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = options.baseUrl.replace(/\/+$/, '');
  const salt = options.integritySalt;
  const credentials = { pp_MerchantID: options.merchantId, pp_Password: options.password };

  const post = async (path: string, fields: GatewayFields): Promise<GatewayFields> =>
    messageFields(await callGateway(fetchImpl, base + path, { method: 'POST', json: signJazzcash(fields, salt), timeoutMs }));

  function transaction(request: StartPayment): GatewayFields {
    const now = new Date();
    return {
      pp_Language: 'EN',
      ...credentials,
      pp_TxnRefNo: request.reference,
      pp_Amount: String(request.amountMinor),
      pp_TxnCurrency: 'PKR',
      pp_TxnDateTime: gatewayTimestamp(now),
      pp_TxnExpiryDateTime: gatewayTimestamp(new Date(now.getTime() + EXPIRY_MS)),
      pp_BillReference: request.reference,
      pp_Description: description(request.description),
    };
  }

  function hostedPage(request: StartPayment): StartOutcome {
    // pp_TxnType left empty: the hosted page offers the buyer every instrument the merchant has (card, wallet).
    const fields = signJazzcash({ pp_Version: '1.1', pp_TxnType: '', ...transaction(request), pp_ReturnURL: request.returnUrl }, salt);
    return { status: 'requires_action', nextAction: { type: 'redirect', url: base + JAZZCASH_PATHS.hosted, method: 'POST', fields } };
  }

  async function walletPayment(request: StartPayment, wallet: NonNullable<StartPayment['wallet']>): Promise<StartOutcome> {
    const fields = { ...transaction(request), pp_MobileNumber: wallet.mobile, pp_CNIC: wallet.cnic ?? '' };
    let answer: GatewayFields;
    try {
      answer = await post(JAZZCASH_PATHS.wallet, fields);
    } catch (error) {
      // Sent but not answered in time: the buyer may be approving it now; the IPN or an inquiry will say.
      if (isTimeout(error)) return { status: 'pending' };
      throw error;
    }
    const rrn = retrievalReference(answer);
    const gatewayReference = rrn ? jazzcashReference('MWALLET', rrn) : undefined;
    // An answer that is not JazzCash's own for this payment settles nothing: the inquiry, itself signed, will.
    if (!hasJazzcashHash(answer, salt) || answer.pp_TxnRefNo !== request.reference) return { status: 'pending', gatewayReference };
    const outcome = jazzcashOutcome(answer.pp_ResponseCode);
    if (outcome === 'succeeded') return { status: 'succeeded', gatewayReference: gatewayReference ?? jazzcashReference('MWALLET', '') };
    if (outcome === 'pending') return { status: 'pending', gatewayReference };
    return {
      status: 'failed', gatewayReference, reason: answer.pp_ResponseMessage || `JazzCash declined (${answer.pp_ResponseCode})`, code: answer.pp_ResponseCode,
    };
  }

  /** The return and the IPN carry the same signed fields. */
  function readSigned(message: GatewayMessage): PaymentReport {
    const fields = messageFields(message.body);
    if (!hasJazzcashHash(fields, salt)) throw invalid('pp_SecureHash does not match the fields');
    if (fields.pp_MerchantID && fields.pp_MerchantID !== options.merchantId) throw invalid('signed for another merchant');
    const amountMinor = jazzcashAmount(fields.pp_Amount);
    if (!fields.pp_TxnRefNo || amountMinor === null) throw invalid('pp_TxnRefNo or pp_Amount is missing');
    if ((fields.pp_TxnCurrency || 'PKR') !== 'PKR') throw invalid(`a payment in ${fields.pp_TxnCurrency}`);
    const outcome = jazzcashOutcome(fields.pp_ResponseCode);
    const rrn = retrievalReference(fields);
    return {
      reference: fields.pp_TxnRefNo,
      outcome,
      amountMinor,
      currency: 'PKR',
      ...(rrn ? { gatewayReference: jazzcashReference(fields.pp_TxnType, rrn) } : {}),
      ...(outcome === 'succeeded' ? {} : { reason: fields.pp_ResponseMessage || `JazzCash code ${fields.pp_ResponseCode}`, code: fields.pp_ResponseCode }),
    };
  }

  return {
    id: 'jazzcash',

    async start(request) {
      if (request.currency !== 'PKR') return { status: 'failed', reason: 'JazzCash takes payments in PKR only.' };
      return request.wallet ? walletPayment(request, request.wallet) : hostedPage(request);
    },

    async refund(request) {
      // Wallet refunds are a portal action for the merchant (JazzCash's wallet refund API is not offered to every
      // merchant), so staff return the money and record it; cards go through the refund API.
      if (!paidByCard(request.gatewayReference)) return { status: 'manual' };
      if (request.currency !== 'PKR') return { status: 'failed', reason: 'JazzCash refunds PKR only.' };
      // The refund API takes no refund reference of ours: a retry after a lost answer is not recognised as one.
      const answer = await post(JAZZCASH_PATHS.refund, {
        pp_TxnRefNo: request.reference,
        pp_Amount: String(request.amountMinor),
        pp_TxnCurrency: 'PKR',
        ...credentials,
      });
      if (answer.pp_SecureHash !== undefined && !hasJazzcashHash(answer, salt)) throw invalid('the refund answer is not signed with the salt');
      // The card API's answers name their code responseCode; the older ones pp_ResponseCode.
      const code = answer.pp_ResponseCode ?? answer.responseCode;
      if (code !== JAZZCASH_CODES.success) {
        return { status: 'failed', reason: answer.pp_ResponseMessage || answer.responseMessage || `JazzCash code ${code}` };
      }
      return { status: 'succeeded', gatewayReference: retrievalReference(answer) || request.refundReference };
    },

    readReturn: readSigned,
    readNotification: readSigned,

    acknowledge(applied) {
      const fields = applied
        ? { pp_ResponseCode: JAZZCASH_CODES.success, pp_ResponseMessage: 'IPN received successfully' }
        : { pp_ResponseCode: JAZZCASH_CODES.systemError, pp_ResponseMessage: 'IPN not applied, send it again' };
      return { status: applied ? 200 : 500, contentType: 'application/json', body: JSON.stringify(signJazzcash(fields, salt)) };
    },

    async status(reference) {
      const answer = await post(JAZZCASH_PATHS.inquiry, { pp_TxnRefNo: reference, ...credentials });
      if (!hasJazzcashHash(answer, salt)) throw invalid('the inquiry answer is not signed with the salt');
      if (answer.pp_ResponseCode === JAZZCASH_CODES.notFound) return { reference, outcome: 'unknown' };
      if (answer.pp_ResponseCode !== JAZZCASH_CODES.success) {
        throw new Error(`JazzCash inquiry for ${reference}: ${answer.pp_ResponseCode} ${answer.pp_ResponseMessage ?? ''}`.trim());
      }
      const amountMinor = jazzcashAmount(answer.pp_Amount);
      if ((answer.pp_TxnRefNo && answer.pp_TxnRefNo !== reference) || amountMinor === null) {
        throw invalid(`the inquiry answer is not about ${reference}, or has no amount`);
      }
      // pp_ResponseCode tells the inquiry went through; pp_PaymentResponseCode what became of the payment.
      const outcome = jazzcashOutcome(answer.pp_PaymentResponseCode);
      const rrn = retrievalReference(answer);
      return {
        reference,
        outcome,
        amountMinor,
        currency: 'PKR',
        ...(rrn ? { gatewayReference: jazzcashReference(answer.pp_TxnType, rrn) } : {}),
        ...(outcome === 'succeeded' ? {} : {
          reason: answer.pp_PaymentResponseMessage || `JazzCash code ${answer.pp_PaymentResponseCode}`, code: answer.pp_PaymentResponseCode,
        }),
      };
    },
  };
}
