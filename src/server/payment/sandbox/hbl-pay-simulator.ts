import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import { decryptOrder, encryptAnswer, type OrderJson } from '../gateways/hbl-pay-rsa.ts';
import { cardDecline } from '../providers/sandbox-outcomes.ts';
import { createNotificationOutbox, type NotificationOutbox } from './notification-outbox.ts';
import { cardForm, readCard } from './sandbox-instruments.ts';
import { acceptForms, gatewayPages, isWebAddress } from './sandbox-page.ts';

export interface HblPaySimulatorOptions {
  userId: string;
  password: string;
  channel: string;
  /** The merchant's public key, as registered with HBL: the answers are encrypted with it. */
  merchantPublicKeyPem: string;
  /** Where it is mounted; '/sandbox/hbl_pay' unless given. HBL's sandbox paths follow under /HBLPay. */
  prefix?: string;
  /** HBL's own key pair is generated at start; 2048 bits unless given (HBL's is 4096: slower to make, same to use). */
  modulusLength?: number;
  /** The waits between the tries of the answer's copy posted to RESPONSE_URL (see createNotificationOutbox). */
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
}

export interface HblPaySimulator {
  /** The adapter's hblPublicKeyPem. */
  hblPublicKeyPem: string;
  /** The path the adapter's baseUrl ends in, e.g. /sandbox/hbl_pay/HBLPay. */
  basePath: string;
  notifications: NotificationOutbox;
}

interface Session {
  reference: string;
  amountMinor: number;
  returnUrl: string;
  cancelUrl: string;
  responseUrl?: string;
  open: boolean;
}

const pages = gatewayPages('HBL Pay');
/** Codes and messages from the guide's list. */
const PAID = ['100', 'Dear Customer, Thank you for your payment, Your transaction has been received successfully.'];
const DECLINED = ['230', 'Dear Customer, Your transaction has been declined by your issuing bank, Kindly contact your issuing bank for further details.'];
const CANCELLED = ['112', 'Dear customer, you cancelled the order'];

/** The hosted page's address keeps the session in the fragment, which only a script can read. */
const FRAGMENT_READER = "var m=location.hash.match(/^#\\/checkout\\?data=(.+)$/);if(m)location.replace('checkout?data='+m[1]);";

function text(json: OrderJson | undefined, field: string): string | undefined {
  const value = json?.[field];
  return typeof value === 'string' ? value : undefined;
}

function part(json: OrderJson, field: string): OrderJson | undefined {
  const value = json[field];
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/**
 * HBL Pay as its integration guide v1.1 describes it, served by the shop: the checkout API that decrypts the order
 * JSON with HBL's private key and answers a SESSION_ID, the hosted page where a tester pays by card (the README's
 * declining test card declines), and the answer encrypted with the merchant's public key on the way back (and to
 * RESPONSE_URL, retried). HBL documents no status inquiry or refund API, so there is none here. State is in memory.
 */
export async function registerHblPaySimulator(app: FastifyInstance, options: HblPaySimulatorOptions): Promise<HblPaySimulator> {
  const keys = generateKeyPairSync('rsa', { modulusLength: options.modulusLength ?? 2048 });
  const merchantKey = createPublicKey(options.merchantPublicKeyPem);
  const basePath = `${options.prefix ?? '/sandbox/hbl_pay'}/HBLPay`;
  const notifications = createNotificationOutbox({ log: app.log, retryDelaysMs: options.retryDelaysMs, fetch: options.fetch });
  const sessions = new Map<string, Session>();

  const refusal = (code: number, message: string) => ({ IsSuccess: false, ResponseCode: code, ResponseMessage: message, Data: null });

  function openSession(order: OrderJson) {
    if (order.USER_ID !== options.userId || order.PASSWORD !== options.password) return refusal(2, 'INVALID USERNAME OR PASSWORD');
    if (order.CHANNEL !== options.channel) return refusal(89, 'Channel is NOT ALLOWED');
    const details = part(order, 'ORDER');
    const additional = part(order, 'ADDITIONAL_DATA');
    const returnUrl = text(order, 'RETURN_URL');
    const cancelUrl = text(order, 'CANCEL_URL');
    const responseUrl = text(order, 'RESPONSE_URL');
    const subtotal = text(details, 'SUBTOTAL') ?? '';
    const reference = text(additional, 'REFERENCE_NUMBER');
    if (!isWebAddress(returnUrl) || !isWebAddress(cancelUrl) || (responseUrl !== undefined && !isWebAddress(responseUrl))) {
      return refusal(110, 'INVALID_URL');
    }
    if (text(additional, 'CURRENCY') !== 'PKR') return refusal(111, 'CURRENCY_NOT_ALLOWED');
    if (!reference) return refusal(108, 'INVALID_ORDER_REFERENCE_NUMBER');
    if (!/^\d+(\.\d{1,2})?$/.test(subtotal) || decimalToCents(subtotal) <= 0) return refusal(92, 'INVALID_ORDER_DETAILS');
    const id = randomUUID();
    sessions.set(id, { reference, amountMinor: decimalToCents(subtotal), returnUrl, cancelUrl, responseUrl, open: true });
    return { IsSuccess: true, ResponseCode: 0, ResponseMessage: 'Success', Data: { SESSION_ID: id } };
  }

  const sessionOf = (data: string | undefined) => sessions.get(Buffer.from(data ?? '', 'base64').toString('utf8'));

  function finish(reply: FastifyReply, session: Session, [code, message]: string[], to: string) {
    session.open = false;
    const data = encryptAnswer({
      RESPONSE_CODE: code,
      RESPONSE_MESSAGE: message,
      ORDER_REF_NUMBER: session.reference,
      PAYMENT_TYPE: 'CARD',
      AMOUNT: centsToDecimal(session.amountMinor),
    }, merchantKey);
    if (session.responseUrl) {
      notifications.send({
        url: session.responseUrl, body: new URLSearchParams({ data }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    const back = new URL(to);
    back.searchParams.set('data', data);
    return reply.redirect(back.toString(), 303);
  }

  await app.register(async (hbl) => {
    acceptForms(hbl);
    hbl.addHook('onClose', async () => notifications.close());

    hbl.post('/api/checkout', async (request) => {
      const order = typeof request.body === 'object' && request.body !== null ? decryptOrder(request.body as OrderJson, keys.privateKey) : null;
      return order ? openSession(order) : refusal(98, 'DECRYPTION_FAILED');
    });

    hbl.get('/Site/index.html', async (_request, reply) => pages.send(reply, 200, 'Checkout',
      '<script src="checkout.js"></script><noscript><p>HBL Pay\'s page needs JavaScript to read its address.</p></noscript>', { ownScript: true }));
    hbl.get('/Site/checkout.js', async (_request, reply) => reply.type('text/javascript').send(FRAGMENT_READER));

    hbl.get('/Site/checkout', async (request, reply) => {
      const data = (request.query as Record<string, string | undefined>).data;
      const session = sessionOf(data);
      if (!session) return pages.notice(reply, 404, 'Checkout', 'SESSION ID NOT FOUND');
      if (!session.open) return pages.notice(reply, 410, 'Checkout', 'SESSION_EXPIRED');
      return pages.send(reply, 200, 'Pay by card', cardForm({
        action: 'checkout', hidden: { data: data! }, amountMinor: session.amountMinor, currency: 'PKR', orderReference: session.reference,
      }));
    });

    hbl.post('/Site/checkout', async (request, reply) => {
      const fields = (request.body ?? {}) as Record<string, string | undefined>;
      const session = sessionOf(fields.data);
      if (!session) return pages.notice(reply, 404, 'Checkout', 'SESSION ID NOT FOUND');
      if (!session.open) return pages.notice(reply, 410, 'Checkout', 'SESSION_EXPIRED');
      if (fields.action === 'cancel') return finish(reply, session, CANCELLED, session.cancelUrl);
      const card = readCard(fields);
      if ('errors' in card) {
        return pages.send(reply, 400, 'Pay by card', cardForm({
          action: 'checkout', hidden: { data: fields.data! }, amountMinor: session.amountMinor, currency: 'PKR',
          orderReference: session.reference, errors: card.errors,
        }));
      }
      return finish(reply, session, cardDecline(card.cardNumber) ? DECLINED : PAID, session.returnUrl);
    });
  }, { prefix: basePath });

  return { hblPublicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(), basePath, notifications };
}
