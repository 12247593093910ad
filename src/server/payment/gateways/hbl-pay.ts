import { createPrivateKey, createPublicKey } from 'node:crypto';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import {
  InvalidSignatureError, type Acknowledgement, type GatewayMessage, type PaymentGateway, type PaymentReport,
  type StartOutcome, type StartPayment,
} from './gateway.ts';
import { decryptAnswer, encryptOrder, type OrderJson } from './hbl-pay-rsa.ts';

export interface HblPayOptions {
  /** The merchant's USER_ID, PASSWORD and CHANNEL, from HBL. */
  userId: string;
  password: string;
  channel: string;
  /** Ours: HBL encrypts its answers with the public half, which the merchant gives HBL. */
  merchantPrivateKeyPem: string;
  /** HBL's: it encrypts the order JSON. */
  hblPublicKeyPem: string;
  /**
   * Where HBL Pay's API and page live: https://testpaymentapi.hbl.com/HBLPay (HBL's sandbox),
   * https://digitalbankingportal.hbl.com/HostedCheckout (live), or the shop's simulator /sandbox/hbl_pay/HBLPay.
   */
  baseUrl: string;
  fetch?: typeof fetch;
}

/** The session API's answer (the guide's .NET sample reads Data.SESSION_ID). */
interface SessionAnswer {
  IsSuccess?: boolean;
  ResponseCode?: number | string;
  ResponseMessage?: string;
  Data?: { SESSION_ID?: string } | null;
}

/** Guide v1.1, response codes: 0, 00 and 100 are a received payment; 481 is one under the bank's review. */
const PAID_CODES = new Set(['0', '00', '100']);
const REVIEW_CODE = '481';
/** "Dear customer, you cancelled the order"; HBL's WooCommerce plugin also reads an empty code as a cancel. */
const CANCEL_CODES = new Set(['112', '']);

/**
 * HBL Pay's hosted checkout (integration guide v1.1): the order JSON, its values RSA-encrypted with HBL's key, is
 * posted to the checkout API; the SESSION_ID it answers opens HBL's page, which sends the buyer back to RETURN_URL
 * with `data`, the outcome encrypted with the merchant's key.
 */
export function createHblPayGateway(options: HblPayOptions): PaymentGateway {
  const request = options.fetch ?? fetch;
  const merchantKey = createPrivateKey(options.merchantPrivateKeyPem);
  const hblKey = createPublicKey(options.hblPublicKeyPem);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  function orderJson(payment: StartPayment): OrderJson {
    const amount = centsToDecimal(payment.amountMinor);
    return {
      USER_ID: options.userId,
      PASSWORD: options.password,
      CHANNEL: options.channel,
      // 0: the buyer chooses on HBL's page between cards, an HBL account and UnionPay.
      TYPE_ID: '0',
      // HBL's own WooCommerce plugin sends both back to one address, which tells a cancel by its code.
      RETURN_URL: payment.returnUrl,
      CANCEL_URL: payment.returnUrl,
      // Not in guide v1.1; HBL Pay integrations send it for a server-to-server copy of the answer.
      RESPONSE_URL: payment.notifyUrl,
      // SUBTOTAL is what the buyer pays: the guide's sample is items + shipping − discount.
      ORDER: {
        DISCOUNT_ON_TOTAL: '0',
        SUBTOTAL: amount,
        OrderSummaryDescription: [{
          ITEM_NAME: payment.description, QUANTITY: '1', UNIT_PRICE: amount,
          CATEGORY: 'Surgical instruments', SUB_CATEGORY: 'Surgical instruments',
        }],
      },
      SHIPPING_DETAIL: { NAME: 'NA', DELIEVERY_DAYS: '0', SHIPPING_COST: '0' },
      ADDITIONAL_DATA: {
        REFERENCE_NUMBER: payment.reference,
        AMOUNT: amount,
        CURRENCY: 'PKR',
        BILL_TO_EMAIL: payment.email,
      },
    };
  }

  function read(message: GatewayMessage): PaymentReport {
    const body = (message.body ?? {}) as Record<string, unknown>;
    const data = message.query.data ?? (typeof body.data === 'string' ? body.data : undefined);
    if (!data) throw new InvalidSignatureError('hbl_pay', 'the answer carries no data');
    const answer = decryptAnswer(data, merchantKey);
    if (!answer) throw new InvalidSignatureError('hbl_pay', 'the answer does not decrypt with the merchant key');
    // The guide lists no answer fields; HBL's plugins read RESPONSE_CODE, RESPONSE_MESSAGE and ORDER_REF_NUMBER. AMOUNT
    // is required too, so that no answer confirms an amount it does not state: should live HBL leave it out, every
    // return is refused until that is settled with HBL.
    const { RESPONSE_CODE: code, RESPONSE_MESSAGE: text, ORDER_REF_NUMBER: reference, AMOUNT: amount } = answer;
    if (code === undefined || !reference || !/^\d+(\.\d{1,2})?$/.test(amount ?? '')) {
      throw new InvalidSignatureError('hbl_pay', 'the answer lacks its code, order reference or amount');
    }
    const report = { reference, amountMinor: decimalToCents(amount), currency: 'PKR' as const };
    if (PAID_CODES.has(code)) return { ...report, outcome: 'succeeded' };
    if (code === REVIEW_CODE) return { ...report, outcome: 'pending', reason: text };
    return { ...report, outcome: 'failed', reason: CANCEL_CODES.has(code) ? 'The payment was cancelled on HBL Pay.' : text || `HBL Pay code ${code}` };
  }

  return {
    id: 'hbl_pay',

    async start(payment): Promise<StartOutcome> {
      if (payment.currency !== 'PKR') return { status: 'failed', reason: 'HBL Pay takes payments in PKR only.' };
      let answer: SessionAnswer;
      try {
        const response = await request(`${baseUrl}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(encryptOrder(orderJson(payment), hblKey)),
        });
        answer = await response.json() as SessionAnswer;
      } catch {
        return { status: 'failed', reason: 'HBL Pay could not be reached; nothing was charged.' };
      }
      const session = answer.Data?.SESSION_ID;
      if (!answer.IsSuccess || String(answer.ResponseCode) !== '0' || !session) {
        return { status: 'failed', reason: answer.ResponseMessage || `HBL Pay refused the order (code ${answer.ResponseCode}).` };
      }
      // Guide v1.1, step 4: the page's `data` is the session id, base64-encoded (the .NET sample encodes it).
      const data = Buffer.from(session, 'utf8').toString('base64');
      return {
        status: 'requires_action',
        gatewayReference: session,
        nextAction: { type: 'redirect', url: `${baseUrl}/Site/index.html#/checkout?data=${encodeURIComponent(data)}`, method: 'GET', fields: {} },
      };
    },

    // Guide v1.1 documents no refund API: HBL refunds are made by the bank on the merchant's request.
    async refund() {
      return { status: 'manual' };
    },

    readReturn: read,
    readNotification: read,

    acknowledge(applied): Acknowledgement {
      return { status: applied ? 200 : 500, contentType: 'text/plain', body: applied ? 'OK' : 'NOT APPLIED' };
    },

    // Guide v1.1 documents no status inquiry: only the answer on the return tells a payment's outcome.
    inquiry: false,
    async status(reference) {
      return { reference, outcome: 'unknown' };
    },
  };
}
