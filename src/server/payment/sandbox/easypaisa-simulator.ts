import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { centsToDecimal } from '#contracts/money';
import { escapeHtml } from '../../lib/mail-layout.ts';
import { cardDecline, walletDecline } from '../providers/sandbox-outcomes.ts';
import { messageFields } from '../gateways/gateway-message.ts';
import {
  credentialsHeader, EASYPAISA_CODES, EASYPAISA_SANDBOX_DECLINES, EASYPAISA_PATHS, easypaisaAmount, hashedRequestText, openHashedReq,
} from '../gateways/easypaisa-protocol.ts';
import { hiddenInputs } from '../auto-post-form.ts';
import { createNotificationOutbox } from './notification-outbox.ts';
import { approvalForm, cardDigits, isMobile, isPin } from './sandbox-instruments.ts';
import { acceptForms, gatewayPages, isWebAddress, paragraph, rupees } from './sandbox-page.ts';

export const EASYPAISA_SIMULATOR_PREFIX = '/sandbox/easypaisa';

export interface EasypaisaSimulatorOptions {
  storeId: string;
  hashKey: string;
  username: string;
  password: string;
  accountNum: string;
  /** The IPN listener URL set in the Easypay merchant portal: the shop's /api/payment/notify/easypaisa. */
  ipnUrl: string;
  /** The waits between an IPN's tries (see createNotificationOutbox). */
  retryDelaysMs?: readonly number[];
  /** How its notifications reach the shop. */
  fetch?: typeof fetch;
}

interface Outcome {
  code: string;
  desc: string;
}

interface SimulatedOrder {
  orderId: string;
  amountMinor: number;
  status: 'INITIATED' | 'PENDING' | 'PAID' | 'FAILED';
  paymentMode: 'MA' | 'CC' | '';
  msisdn: string;
  transactionId: string;
  createdAt: Date;
  /** The order-status URL the IPN names, on the host the shop called. */
  statusUrl: string;
  /** Hosted checkout: where the auth_token goes, whether the status then follows at once, the buyer's choice. */
  postBackURL?: string;
  autoRedirect?: boolean;
  choice?: Outcome;
  /** A mobile-account request held open until the buyer answers on the phone. */
  answer?: (outcome: Outcome) => void;
}

const PAID: Outcome = { code: EASYPAISA_CODES.success, desc: 'SUCCESS' };
/** The guide lists codes up to 0007 only: these declines are the simulator's own. */
const DECLINES = {
  lowBalance: { code: EASYPAISA_SANDBOX_DECLINES.insufficient_funds, desc: 'Insufficient balance in the mobile account.' },
  blocked: { code: EASYPAISA_SANDBOX_DECLINES.account_blocked, desc: 'The mobile account is blocked.' },
  card: { code: '0014', desc: 'The card was declined.' },
  declined: { code: '0015', desc: 'Declined by the customer on the phone.' },
};

function walletOutcome(mobile: string, pin: string): Outcome {
  const decline = walletDecline(mobile, pin);
  if (!decline) return PAID;
  return decline.reason === 'account_blocked' ? DECLINES.blocked : DECLINES.lowBalance;
}

const withQuery = (url: string, query: Record<string, string>): string => {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.href;
};
const pages = gatewayPages('Easypaisa');

/**
 * Easypay as the shop sees it, under /sandbox/easypaisa/: the hosted checkout (Index.jsf, where the tester pays by
 * mobile account or card; the auth_token handshake through Confirm.jsf; the unsigned status back), the REST
 * mobile-account payment held open until the tester approves on /sandbox/easypaisa/wallet/{orderId} (the buyer's
 * phone), the inquiry, and for every paid order an IPN to `ipnUrl` naming its order-status URL, retried until
 * answered with 2xx. Easypay refunds nothing by API. The README's sandbox numbers decline. Its memory is this app's.
 */
export async function registerEasypaisaSimulator(app: FastifyInstance, options: EasypaisaSimulatorOptions): Promise<void> {
  await app.register(async (scope) => {
    acceptForms(scope);
    const orders = new Map<string, SimulatedOrder>();
    const tokens = new Map<string, string>();
    const notifications = createNotificationOutbox({ log: scope.log, retryDelaysMs: options.retryDelaysMs, fetch: options.fetch });
    // Held mobile-account requests are answered before the server waits for its connections to end.
    scope.addHook('preClose', async () => {
      for (const order of orders.values()) order.answer?.({ code: EASYPAISA_CODES.systemError, desc: 'System Error' });
      await new Promise((resolve) => setImmediate(resolve));
    });
    scope.addHook('onClose', async () => notifications.close());
    const credentials = credentialsHeader(options.username, options.password);

    function newOrder(request: FastifyRequest, orderId: string, amountMinor: number): SimulatedOrder {
      const order: SimulatedOrder = {
        orderId, amountMinor, status: 'INITIATED', paymentMode: '', msisdn: '', transactionId: String(randomInt(10_000_000, 99_999_999)),
        createdAt: new Date(),
        statusUrl: `${request.protocol}://${request.host}${scope.prefix}${EASYPAISA_PATHS.orderStatus}${options.accountNum}/${encodeURIComponent(orderId)}`,
      };
      orders.set(orderId, order);
      return order;
    }

    function settle(order: SimulatedOrder, outcome: Outcome): void {
      order.status = outcome.code === EASYPAISA_CODES.success ? 'PAID' : 'FAILED';
      order.answer?.(outcome);
      order.answer = undefined;
      // Easypay's IPN is sent when a transaction is created paid or becomes paid.
      if (order.status !== 'PAID') return;
      notifications.send({ url: withQuery(options.ipnUrl, { url: order.statusUrl }) });
    }

    /** The REST API's refusal of a request without this store's credentials. */
    function refusal(request: FastifyRequest, storeId: unknown): Outcome | null {
      if (request.headers.credentials !== credentials) return { code: EASYPAISA_CODES.invalidCredentials, desc: 'INVALID CREDENTIALS' };
      if (String(storeId) !== options.storeId) return { code: EASYPAISA_CODES.storeNotFound, desc: 'Store does not exist' };
      return null;
    }

    const checkoutPage = (order: SimulatedOrder, email: string, mobile: string, error = '') => `${paragraph(`Pay ${rupees(order.amountMinor)} for order ${order.orderId}.`)}
${error ? `<p role="alert"><strong>${escapeHtml(error)}</strong></p>` : ''}
<form method="post" action="${escapeHtml(`${scope.prefix}/easypay/Proceed.jsf`)}">${hiddenInputs({ orderRefNum: order.orderId })}
<label>Your email <input name="email" value="${escapeHtml(email)}"></label>
<fieldset><legend>Easypaisa mobile account</legend>
<label>Your mobile # <input name="mobile" inputmode="tel" placeholder="03XXXXXXXXX" value="${escapeHtml(mobile)}"></label>
<label>PIN <input name="pin" type="password" inputmode="numeric" autocomplete="off"></label>
<button name="method" value="MA">Proceed</button></fieldset>
<fieldset><legend>Debit or credit card</legend>
<label>Card number <input name="cardNumber" inputmode="numeric" autocomplete="off"></label>
<button name="method" value="CC">Proceed</button></fieldset>
</form>
<p class="note">Declines: PIN 0000 (insufficient balance); mobile 03000000000 (blocked); card 4000 0000 0000 0002.</p>`;

    scope.post(EASYPAISA_PATHS.checkout, async (request, reply) => {
      const fields = messageFields(request.body);
      const amountMinor = easypaisaAmount(fields.amount);
      const problem = fields.storeId !== options.storeId ? 'Store does not exist.'
        : !amountMinor || !fields.orderRefNum || !isWebAddress(fields.postBackURL) || !['0', '1'].includes(fields.autoRedirect ?? '')
          ? 'Required field is missing: amount, orderRefNum, postBackURL and autoRedirect.'
          : openHashedReq(fields.merchantHashedReq ?? '', options.hashKey) !== hashedRequestText(fields)
            ? 'merchantHashedReq does not match the request: it was changed, or encrypted with another key.'
            : orders.has(fields.orderRefNum) ? 'Invalid Order ID: it was used before.' : null;
      if (problem) return pages.notice(reply, 400, 'Easypay checkout', problem);
      const order = newOrder(request, fields.orderRefNum, amountMinor ?? 0);
      order.postBackURL = fields.postBackURL;
      order.autoRedirect = fields.autoRedirect === '1';
      return pages.send(reply, 200, 'Easypay checkout', checkoutPage(order, fields.emailAddr ?? '', fields.mobileNum ?? ''));
    });

    scope.post('/easypay/Proceed.jsf', async (request, reply) => {
      const form = messageFields(request.body);
      const order = orders.get(form.orderRefNum ?? '');
      if (!order?.postBackURL || order.status !== 'INITIATED') return pages.notice(reply, 404, 'Easypay checkout', 'No order waits on this page.');
      const again = (error: string) => pages.send(reply, 400, 'Easypay checkout', checkoutPage(order, form.email ?? '', form.mobile ?? '', error));
      if (form.method === 'CC') {
        const digits = cardDigits(form.cardNumber);
        if (!digits) return again('Enter a valid card number.');
        order.choice = cardDecline(digits) ? DECLINES.card : PAID;
        order.paymentMode = 'CC';
      } else {
        if (!isMobile(form.mobile) || !isPin(form.pin)) return again('Enter your mobile number 03XXXXXXXXX and a 4 to 6 digit PIN.');
        order.choice = walletOutcome(form.mobile, form.pin);
        order.paymentMode = 'MA';
        order.msisdn = form.mobile;
      }
      const token = randomBytes(16).toString('hex');
      tokens.set(token, order.orderId);
      return reply.redirect(withQuery(order.postBackURL, { auth_token: token }), 302);
    });

    scope.post(EASYPAISA_PATHS.confirm, async (request, reply) => {
      const form = messageFields(request.body);
      const order = orders.get(tokens.get(form.auth_token ?? '') ?? '');
      if (!order?.choice || !isWebAddress(form.postBackURL)) return pages.notice(reply, 400, 'Easypay checkout', 'The auth_token is not valid, or there is no postBackURL.');
      tokens.delete(form.auth_token);
      settle(order, order.choice);
      const status = { status: order.status === 'PAID' ? 'Success' : 'Failure', desc: order.choice.code, orderRefNumber: order.orderId };
      const back = withQuery(form.postBackURL, status);
      if (order.autoRedirect) return reply.redirect(back, 302);
      return pages.send(reply, 200, order.status === 'PAID' ? 'Payment successful' : 'Payment failed',
        `${paragraph(order.choice.desc)}<p><a href="${escapeHtml(back)}">Return to the shop</a></p>`);
    });

    scope.post(EASYPAISA_PATHS.initiateMobileAccount, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const fields = messageFields(body);
      const answer = (order: Pick<SimulatedOrder, 'orderId' | 'transactionId'> | null, outcome: Outcome) => ({
        orderId: fields.orderId ?? '', storeId: options.storeId, responseCode: outcome.code, responseDesc: outcome.desc,
        ...(order && outcome.code === EASYPAISA_CODES.success ? { transactionId: order.transactionId, transactionDateTime: new Date().toISOString() } : {}),
      });
      const amountMinor = easypaisaAmount(fields.transactionAmount);
      const refused = refusal(request, body.storeId)
        ?? (!fields.orderId || !amountMinor || fields.transactionType !== 'MA' || !isMobile(fields.mobileAccountNo)
          ? { code: EASYPAISA_CODES.missingField, desc: 'Required field is missing or invalid' } : null)
        ?? (orders.has(fields.orderId) ? { code: EASYPAISA_CODES.invalidOrder, desc: 'Invalid Order ID' } : null);
      if (refused) return answer(null, refused);
      const order = newOrder(request, fields.orderId, amountMinor ?? 0);
      order.paymentMode = 'MA';
      order.msisdn = fields.mobileAccountNo;
      const blocked = walletOutcome(order.msisdn, '');
      if (blocked.code !== EASYPAISA_CODES.success) {
        order.status = 'FAILED';
        return answer(order, blocked);
      }
      order.status = 'PENDING';
      // Easypay answers once the buyer has approved or declined on the phone; a caller that stops waiting leaves the
      // payment pending, to be learnt from the IPN or the inquiry.
      const outcome = await new Promise<Outcome | null>((resolve) => {
        order.answer = resolve;
        reply.raw.once('close', () => resolve(null));
      });
      if (outcome) return answer(order, outcome);
      // The caller hung up: nothing to answer.
      return reply.hijack();
    });

    const waitingPhone = (orderId: string) => {
      const order = orders.get(orderId);
      return order?.status === 'PENDING' ? order : undefined;
    };
    const phonePage = (order: SimulatedOrder, error = '') =>
      approvalForm(`Store ${options.storeId} asks ${rupees(order.amountMinor)} from ${order.msisdn}.`, 'PIN', 'PIN 0000 declines for insufficient balance.', error);
    const noneWaiting = (reply: FastifyReply) => pages.notice(reply, 404, 'Approve the payment', 'No payment waits for approval on this phone.');

    scope.get<{ Params: { orderId: string } }>('/wallet/:orderId', async (request, reply) => {
      const order = waitingPhone(request.params.orderId);
      return order ? pages.send(reply, 200, 'Approve the payment', phonePage(order)) : noneWaiting(reply);
    });

    scope.post<{ Params: { orderId: string } }>('/wallet/:orderId', async (request, reply) => {
      const order = waitingPhone(request.params.orderId);
      if (!order) return noneWaiting(reply);
      const form = messageFields(request.body);
      let outcome = DECLINES.declined;
      if (form.decision === 'approve') {
        if (!isPin(form.pin)) return pages.send(reply, 400, 'Approve the payment', phonePage(order, 'Enter your 4 to 6 digit PIN.'));
        outcome = walletOutcome(order.msisdn, form.pin);
      }
      settle(order, outcome);
      return pages.notice(reply, 200, outcome === PAID ? 'Payment approved' : 'Payment declined', outcome.desc);
    });

    scope.post(EASYPAISA_PATHS.inquire, async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const refused = refusal(request, body.storeId)
        ?? (String(body.accountNum) === options.accountNum ? null : { code: '0004', desc: 'Merchant Account does not exist' });
      if (refused) return { responseCode: refused.code, responseDesc: refused.desc };
      const order = orders.get(String(body.orderId));
      if (!order) return { responseCode: EASYPAISA_CODES.invalidOrder, responseDesc: 'Invalid Order ID' };
      return {
        responseCode: EASYPAISA_CODES.success,
        responseDesc: 'SUCCESS',
        orderId: order.orderId,
        storeId: Number(options.storeId),
        storeName: 'Sandbox store',
        accountNum: options.accountNum,
        paymentMode: order.paymentMode,
        transactionStatus: order.status === 'INITIATED' ? 'PENDING' : order.status,
        transactionAmount: order.amountMinor / 100,
        transactionDateTime: order.createdAt.toISOString(),
        transactionId: order.transactionId,
        msisdn: order.msisdn,
      };
    });

    scope.get<{ Params: { accountNum: string; orderId: string } }>(`${EASYPAISA_PATHS.orderStatus}:accountNum/:orderId`, async (request, reply) => {
      const order = orders.get(request.params.orderId);
      if (!order || request.params.accountNum !== options.accountNum) return reply.status(404).send({ message: 'No such order' });
      // The attributes a merchant ticks in the portal's IPN settings.
      return {
        order_id: order.orderId,
        store_id: options.storeId,
        transaction_status: order.status === 'INITIATED' ? 'PENDING' : order.status,
        transaction_amount: centsToDecimal(order.amountMinor),
        transaction_id: order.transactionId,
        payment_method: order.paymentMode,
        msisdn: order.msisdn,
      };
    });
  }, { prefix: EASYPAISA_SIMULATOR_PREFIX });
}
