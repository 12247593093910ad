import { InvalidSignatureError, type GatewayMessage, type PaymentGateway, type PaymentReport, type StartOutcome, type StartPayment } from './gateway.ts';
import { callGateway, isTimeout, type Fetch } from './gateway-http.ts';
import { messageFields } from './gateway-message.ts';
import {
  apiAmount, assertHashKey, checkoutAmount, credentialsHeader, EASYPAISA_CODES, EASYPAISA_PATHS, easypaisaAmount, easypaisaExpiry,
  easypaisaOutcome, merchantHashedReq,
} from './easypaisa-protocol.ts';

export interface EasypaisaGatewayOptions {
  storeId: string;
  /** The store's hash key from the Easypay merchant portal: 16 characters (AES-128). */
  hashKey: string;
  /** The API account ('Manage Partner Accounts' in the portal), sent as the Credentials header. */
  username: string;
  password: string;
  /** The merchant's Easypay account number: the inquiry asks for it, and the IPN's URL names it. */
  accountNum: string;
  /** Easypay's host (https://easypay.easypaisa.com.pk, https://easypaystg.easypaisa.com.pk) or its simulator's base URL. */
  baseUrl: string;
  fetch?: Fetch;
  timeoutMs?: number;
  /**
   * How long a mobile-account payment may wait for the buyer's approval on the phone before start() answers pending:
   * Easypay answers the request only once the buyer has approved or declined.
   */
  approvalWaitMs?: number;
}

/** How long the buyer has to pay on the hosted page. */
const EXPIRY_MS = 60 * 60_000;

const invalid = (detail: string) => new InvalidSignatureError('easypaisa', detail);

/**
 * Easypaisa: Easypay's hosted checkout without a wallet, its mobile-account REST payment with one. Easypay signs
 * neither its answers nor the buyer's return: the hosted checkout's return is a handshake step (auth_token) and then
 * an unsigned status, so a return reports pending and the payment is known from the IPN or the inquiry. The IPN
 * carries only a URL on Easypay's host, whose content (the attributes ticked in the portal's IPN settings: order_id,
 * transaction_status, transaction_amount, transaction_id) is fetched from Easypay itself. Easypay documents no refund
 * API: refunds are manual.
 */
export function createEasypaisaGateway(options: EasypaisaGatewayOptions): PaymentGateway {
  assertHashKey(options.hashKey);
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = options.baseUrl.replace(/\/+$/, '');
  const credentials = { Credentials: credentialsHeader(options.username, options.password) };
  /** IPN content this adapter fetched from Easypay: the only notifications it reads. */
  const fetched = new WeakSet<GatewayMessage>();

  function hostedCheckout(request: StartPayment): StartOutcome {
    const fields: Record<string, string> = {
      amount: checkoutAmount(request.amountMinor),
      autoRedirect: '1',
      emailAddr: request.email,
      expiryDate: easypaisaExpiry(new Date(Date.now() + EXPIRY_MS)),
      orderRefNum: request.reference,
      postBackURL: request.returnUrl,
      storeId: options.storeId,
    };
    fields.merchantHashedReq = merchantHashedReq(fields, options.hashKey);
    return { status: 'requires_action', nextAction: { type: 'redirect', url: base + EASYPAISA_PATHS.checkout, method: 'POST', fields } };
  }

  async function mobileAccountPayment(request: StartPayment, mobile: string): Promise<StartOutcome> {
    let answer: Record<string, string>;
    try {
      answer = messageFields(await callGateway(fetchImpl, base + EASYPAISA_PATHS.initiateMobileAccount, {
        method: 'POST',
        headers: credentials,
        json: {
          orderId: request.reference,
          storeId: options.storeId,
          transactionAmount: apiAmount(request.amountMinor),
          transactionType: 'MA',
          mobileAccountNo: mobile,
          emailAddress: request.email,
        },
        timeoutMs: options.approvalWaitMs ?? 10_000,
      }));
    } catch (error) {
      // The buyer has not answered the phone's prompt yet: the IPN (when paid) or the inquiry tells what became of it.
      if (isTimeout(error)) return { status: 'pending' };
      throw error;
    }
    if (answer.orderId && answer.orderId !== request.reference) return { status: 'pending' };
    if (answer.responseCode === EASYPAISA_CODES.success) return { status: 'succeeded', gatewayReference: answer.transactionId ?? '' };
    return { status: 'failed', reason: answer.responseDesc || `Easypaisa code ${answer.responseCode}`, code: answer.responseCode };
  }

  /** The order-status URL of this merchant's account on Easypay's own host, as the IPN names it. */
  function ipnContentUrl(value: string | undefined): URL {
    let url: URL;
    try {
      url = new URL(value ?? '');
    } catch {
      throw invalid('the IPN names no URL');
    }
    const expected = new URL(base + EASYPAISA_PATHS.orderStatus);
    const [account, orderId, ...rest] = url.pathname.slice(expected.pathname.length).split('/');
    if (url.origin !== expected.origin || !url.pathname.startsWith(expected.pathname) || account !== options.accountNum || !orderId || rest.length) {
      throw invalid('the IPN names a URL that is not this merchant\'s order status on Easypay');
    }
    return url;
  }

  return {
    id: 'easypaisa',

    async start(request) {
      if (request.currency !== 'PKR') return { status: 'failed', reason: 'Easypaisa takes payments in PKR only.' };
      return request.wallet ? mobileAccountPayment(request, request.wallet.mobile) : hostedCheckout(request);
    },

    async refund() {
      return { status: 'manual' };
    },

    returnAction(message, returnUrl) {
      const fields = { ...messageFields(message.query), ...messageFields(message.body) };
      if (!fields.auth_token) return null;
      // The guide's second redirection: the token goes back to Easypay, which then pays and returns the status.
      return { type: 'redirect', url: base + EASYPAISA_PATHS.confirm, method: 'POST', fields: { auth_token: fields.auth_token, postBackURL: returnUrl } };
    },

    readReturn(message) {
      const fields = { ...messageFields(message.query), ...messageFields(message.body) };
      if (!fields.orderRefNumber) throw invalid('the return names no orderRefNumber');
      // status, desc and orderRefNumber come unsigned: whatever they say, the payment is what the IPN or inquiry says.
      // Nor do they name the amount: 0 here, the amount comes with the payment's IPN or inquiry.
      return {
        reference: fields.orderRefNumber,
        outcome: 'pending',
        amountMinor: 0,
        currency: 'PKR',
        reason: `Easypay returned ${fields.status ?? 'no status'} (${fields.desc ?? ''}); waiting for its notification or inquiry.`,
      };
    },

    async fetchNotification(message) {
      const url = ipnContentUrl(messageFields(message.query).url);
      const content = await callGateway(fetchImpl, url.href, { method: 'GET', timeoutMs });
      const notification: GatewayMessage = { method: 'GET', query: {}, headers: {}, body: content, rawBody: JSON.stringify(content) };
      fetched.add(notification);
      return notification;
    },

    readNotification(message): PaymentReport {
      if (!fetched.has(message)) throw invalid('an IPN is read from the URL it names (fetchNotification), not from its request');
      const fields = messageFields(message.body);
      const amountMinor = easypaisaAmount(fields.transaction_amount);
      if (!fields.order_id || amountMinor === null) throw invalid('the IPN content has no order_id or transaction_amount');
      const outcome = easypaisaOutcome(fields.transaction_status);
      return {
        reference: fields.order_id,
        outcome,
        amountMinor,
        currency: 'PKR',
        ...(fields.transaction_id ? { gatewayReference: fields.transaction_id } : {}),
        ...(outcome === 'succeeded' ? {} : { reason: `Easypay transaction status ${fields.transaction_status ?? 'missing'}` }),
      };
    },

    acknowledge(applied) {
      return { status: applied ? 200 : 500, contentType: 'text/plain', body: applied ? 'OK' : 'Not applied, send it again' };
    },

    async status(reference) {
      const answer = messageFields(await callGateway(fetchImpl, base + EASYPAISA_PATHS.inquire, {
        method: 'POST',
        headers: credentials,
        json: { orderId: reference, storeId: options.storeId, accountNum: options.accountNum },
        timeoutMs,
      }));
      if (answer.responseCode === EASYPAISA_CODES.invalidOrder) return { reference, outcome: 'unknown' };
      if (answer.responseCode !== EASYPAISA_CODES.success) {
        throw new Error(`Easypaisa inquiry for ${reference}: ${answer.responseCode} ${answer.responseDesc ?? ''}`.trim());
      }
      const amountMinor = easypaisaAmount(answer.transactionAmount);
      if ((answer.orderId && answer.orderId !== reference) || (answer.storeId && answer.storeId !== options.storeId) || amountMinor === null) {
        throw new Error(`Easypaisa's inquiry answer is not about ${reference} of this store, or has no amount`);
      }
      const outcome = easypaisaOutcome(answer.transactionStatus);
      return {
        reference,
        outcome,
        amountMinor,
        currency: 'PKR',
        ...(answer.transactionId ? { gatewayReference: answer.transactionId } : {}),
        ...(outcome === 'succeeded' ? {} : { reason: `Easypay transaction status ${answer.transactionStatus ?? 'missing'}` }),
      };
    },
  };
}
