import { createHmac } from 'node:crypto';
import { PAYMENT_CURRENCIES, type PaymentCurrency } from '#contracts/payment';
import { centsToNumber, decimalToCents } from '#contracts/money';
import { sameHash } from '../providers/integrity-hash.ts';
import {
  InvalidSignatureError, type Acknowledgement, type GatewayMessage, type PaymentGateway, type PaymentReport,
  type RefundOutcome, type StartOutcome,
} from './gateway.ts';
import { trackerSignature, webhookSignature } from './safepay-signatures.ts';

export interface SafepayOptions {
  apiKey: string;
  /** Signs the buyer's return (`sig`) and authenticates the reporter and refund calls. */
  secretKey: string;
  webhookSecret: string;
  /** Safepay's API: https://sandbox.api.getsafepay.com, https://api.getsafepay.com, or the shop's /sandbox/safepay. */
  baseUrl: string;
  /** The hosted page; `${baseUrl}/checkout/pay` unless given (live it is https://getsafepay.com/checkout/pay). */
  checkoutUrl?: string;
  environment: 'sandbox' | 'production';
  fetch?: typeof fetch;
}

/** Safepay's answers wrap their payload in `data` and their errors in `status` (order/v1/init, refunds). */
interface SafepayAnswer {
  data?: Record<string, unknown> | null;
  status?: { errors?: string[]; message?: string };
}

/** Tracker states (Safepay's reporter): ENDED is paid; the refund states follow a captured payment. */
const TRACKER_OUTCOMES: Record<string, PaymentReport['outcome']> = {
  TRACKER_STARTED: 'pending',
  TRACKER_ENROLLED: 'pending',
  TRACKER_AUTHORIZED: 'pending',
  TRACKER_ENDED: 'succeeded',
  TRACKER_PARTIAL_REFUND: 'succeeded',
  TRACKER_REFUNDED: 'succeeded',
  TRACKER_CANCELLED: 'failed',
  TRACKER_EXPIRED: 'failed',
  TRACKER_VOIDED: 'failed',
  TRACKER_REVERSED: 'failed',
};

const isCurrency = (value: unknown): value is PaymentCurrency => PAYMENT_CURRENCIES.includes(value as PaymentCurrency);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const errorText = (answer: SafepayAnswer, fallback: string) => answer.status?.errors?.join('; ') || answer.status?.message || fallback;

function header(headers: GatewayMessage['headers'], name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/**
 * Safepay's hosted checkout (getsafepay/safepay-node): a payment token from order/v1/init, the buyer sent to the
 * checkout page with it (`beacon`), back on the redirect URL with `tracker` and `sig`; webhooks signed with the
 * webhook secret; the reporter for status; refunds through order/payments/v3/{tracker}/refund (getsafepay/node-core).
 */
export function createSafepayGateway(options: SafepayOptions): PaymentGateway {
  const request = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const checkoutUrl = options.checkoutUrl ?? `${baseUrl}/checkout/pay`;
  const merchantSecret = { 'x-sfpy-merchant-secret': options.secretKey };

  /**
   * The return carries Safepay's `sig` over the tracker alone: nothing of it says which order or how much. So the
   * redirect and cancel addresses carry the reference, tracker, amount and outcome with our own HMAC over them, and a
   * return counts only for the order and amount its tracker was started for.
   */
  const returnCheck = (fields: string[]) =>
    createHmac('sha256', options.secretKey).update(['shop-return', ...fields].join('|')).digest('hex');

  function returnAddress(returnUrl: string, outcome: 'paid' | 'cancelled', reference: string, tracker: string, amountMinor: number, currency: PaymentCurrency) {
    const url = new URL(returnUrl);
    const fields = [outcome, reference, tracker, String(amountMinor), currency];
    ['shop_outcome', 'shop_reference', 'shop_tracker', 'shop_amount', 'shop_currency'].forEach((name, i) => url.searchParams.set(name, fields[i]));
    url.searchParams.set('shop_check', returnCheck(fields));
    return url.toString();
  }

  return {
    id: 'safepay',

    async start(payment): Promise<StartOutcome> {
      let answer: SafepayAnswer;
      try {
        const response = await request(`${baseUrl}/order/v1/init`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client: options.apiKey,
            amount: centsToNumber(payment.amountMinor),
            currency: payment.currency,
            environment: options.environment,
          }),
        });
        answer = await response.json() as SafepayAnswer;
      } catch {
        return { status: 'failed', reason: 'Safepay could not be reached; nothing was charged.' };
      }
      const token = answer.data?.token;
      if (typeof token !== 'string' || !token) return { status: 'failed', reason: errorText(answer, 'Safepay refused the payment.') };
      const back = (outcome: 'paid' | 'cancelled') =>
        returnAddress(payment.returnUrl, outcome, payment.reference, token, payment.amountMinor, payment.currency);
      const query = new URLSearchParams({
        beacon: token,
        cancel_url: back('cancelled'),
        env: options.environment,
        order_id: payment.reference,
        redirect_url: back('paid'),
        source: 'custom',
        webhooks: 'true',
      });
      return {
        status: 'requires_action',
        gatewayReference: token,
        nextAction: { type: 'redirect', url: `${checkoutUrl}?${query}`, method: 'GET', fields: {} },
      };
    },

    async refund(refund): Promise<RefundOutcome> {
      // Safepay documents no idempotency key for card refunds: request_id (the field its Raast refunds use for it)
      // carries ours, and the order side sends a refund whose answer was lost again with the same reference.
      const response = await request(`${baseUrl}/order/payments/v3/${encodeURIComponent(refund.gatewayReference)}/refund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...merchantSecret },
        body: JSON.stringify({ amount: refund.amountMinor, currency: refund.currency, request_id: refund.refundReference }),
      });
      const answer = await response.json().catch(() => ({})) as SafepayAnswer;
      if (response.status >= 500) throw new Error(`safepay: refund answered ${response.status}: ${errorText(answer, 'no reason given')}`);
      if (!response.ok) return { status: 'failed', reason: errorText(answer, `Safepay refused the refund (${response.status}).`) };
      // The answer names the refund under data.action.<processor>_refund.
      const action = isRecord(answer.data?.action) ? Object.values(answer.data.action) : [];
      const token = action.find((entry) => isRecord(entry) && typeof entry.token === 'string') as { token: string } | undefined;
      return { status: 'succeeded', gatewayReference: token?.token ?? refund.gatewayReference };
    },

    readReturn(message): PaymentReport {
      const body = isRecord(message.body) ? message.body : {};
      const fields: Record<string, unknown> = { ...message.query, ...body };
      const values = ['shop_outcome', 'shop_reference', 'shop_tracker', 'shop_amount', 'shop_currency'].map((name) => fields[name]);
      if (!values.every((value): value is string => typeof value === 'string')
        || !sameHash(typeof fields.shop_check === 'string' ? fields.shop_check : undefined, returnCheck(values))) {
        throw new InvalidSignatureError('safepay', 'the return address was altered');
      }
      const [outcome, reference, token, amount, currency] = values;
      if (!/^\d+$/.test(amount) || !isCurrency(currency)) throw new InvalidSignatureError('safepay', 'the return address was altered');
      const report = { reference, amountMinor: Number(amount), currency, gatewayReference: token };
      if (outcome === 'cancelled') return { ...report, outcome: 'failed', reason: 'The payment was cancelled on Safepay\'s page.' };
      const sig = typeof fields.sig === 'string' ? fields.sig : undefined;
      if (fields.tracker !== token || !sameHash(sig, trackerSignature(token, options.secretKey))) {
        throw new InvalidSignatureError('safepay', 'sig does not sign the tracker');
      }
      return { ...report, outcome: 'succeeded' };
    },

    readNotification(message): PaymentReport {
      let data: unknown;
      try {
        data = (JSON.parse(message.rawBody) as { data?: unknown }).data;
      } catch {
        throw new InvalidSignatureError('safepay', 'the webhook is not JSON');
      }
      if (data === undefined || !sameHash(header(message.headers, 'x-sfpy-signature'), webhookSignature(data, options.webhookSecret))) {
        throw new InvalidSignatureError('safepay', 'X-SFPY-SIGNATURE does not sign the webhook');
      }
      const event = data as { type?: string; notification?: Record<string, unknown> };
      // Only payment:created tells a payment's outcome; the dashboard subscribes the shop to it alone.
      if (event.type !== 'payment:created') throw new Error(`safepay: a ${event.type} webhook reports no payment outcome`);
      const notification = event.notification ?? {};
      const reference = isRecord(notification.metadata) ? notification.metadata.order_id : undefined;
      const amount = String(notification.amount ?? '');
      if (typeof reference !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount) || !isCurrency(notification.currency)) {
        throw new Error('safepay: the payment:created webhook lacks its order, amount or currency');
      }
      return {
        reference,
        outcome: notification.state === 'PAID' ? 'succeeded' : 'pending',
        amountMinor: decimalToCents(amount),
        currency: notification.currency,
        gatewayReference: typeof notification.tracker === 'string' ? notification.tracker : undefined,
      };
    },

    acknowledge(applied): Acknowledgement {
      // Safepay retries a webhook until it is answered 200.
      return { status: applied ? 200 : 500, contentType: 'application/json', body: JSON.stringify({ received: applied }) };
    },

    async status(reference, gatewayReference) {
      if (!gatewayReference) return { reference, outcome: 'unknown' };
      const response = await request(`${baseUrl}/reporter/api/v1/payments/${encodeURIComponent(gatewayReference)}`, { headers: merchantSecret });
      const answer = await response.json().catch(() => ({})) as SafepayAnswer;
      // An unknown tracker is answered 500 "cannot find tracker with token …".
      if (response.status === 404 || /cannot find tracker/i.test(errorText(answer, ''))) return { reference, outcome: 'unknown' };
      if (!response.ok) throw new Error(`safepay: status inquiry answered ${response.status}: ${errorText(answer, 'no reason given')}`);
      // Safepay's docs show the tracker under data.tracker; its reporter answers it as data itself.
      const found = (isRecord(answer.data?.tracker) ? answer.data.tracker : answer.data ?? {}) as {
        state?: string; metadata?: { order_id?: { value?: string } }; purchase_totals?: { quote_amount?: { amount?: number; currency?: string } };
      };
      const orderId = found.metadata?.order_id?.value;
      const quote = found.purchase_totals?.quote_amount;
      if ((orderId !== undefined && orderId !== reference) || !Number.isInteger(quote?.amount) || !isCurrency(quote?.currency)) {
        return { reference, outcome: 'unknown' };
      }
      return {
        reference,
        // A state this list does not know is not taken for paid.
        outcome: TRACKER_OUTCOMES[found.state ?? ''] ?? 'pending',
        amountMinor: quote.amount!,
        currency: quote.currency,
        gatewayReference,
      };
    },
  };
}
