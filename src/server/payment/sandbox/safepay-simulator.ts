import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAYMENT_CURRENCIES, type PaymentCurrency } from '#contracts/payment';
import { centsToDecimal, dollarsToCents } from '#contracts/money';
import { trackerSignature, webhookSignature } from '../gateways/safepay-signatures.ts';
import { sameHash } from '../providers/integrity-hash.ts';
import { cardDecline } from '../providers/sandbox-outcomes.ts';
import { createNotificationOutbox, type NotificationOutbox } from './notification-outbox.ts';
import { cardForm, readCard } from './sandbox-instruments.ts';
import { acceptForms, gatewayPages, isWebAddress } from './sandbox-page.ts';

export interface SafepaySimulatorOptions {
  apiKey: string;
  secretKey: string;
  webhookSecret: string;
  /** The endpoint registered on Safepay's dashboard for webhooks (payment:created); none: no webhooks. */
  webhookUrl?: string;
  /** Where it is mounted; '/sandbox/safepay' unless given: the adapter's baseUrl. */
  prefix?: string;
  /** The waits between a webhook's tries (see createNotificationOutbox). */
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
}

export interface SafepaySimulator {
  basePath: string;
  notifications: NotificationOutbox;
}

interface Tracker {
  token: string;
  amountMinor: number;
  currency: PaymentCurrency;
  state: 'TRACKER_STARTED' | 'TRACKER_ENDED' | 'TRACKER_PARTIAL_REFUND' | 'TRACKER_REFUNDED';
  /** Set when the buyer opens the checkout page. */
  checkout?: { orderId: string; redirectUrl: string; cancelUrl: string; webhooks: boolean };
  balanceMinor: number;
  refunds: { token: string; amountMinor: number }[];
}

const pages = gatewayPages('Safepay');

const answer = (data: unknown, errors: string[] = []) => ({ data, status: { errors, message: errors.length ? 'error' : 'success' } });

/**
 * Safepay's checkout as getsafepay/safepay-node and node-core speak to it, served by the shop: order/v1/init for a
 * payment token, the checkout page where a tester pays by card (the README's declining test card declines and the
 * tracker stays open), the return posted back with `sig`, webhooks signed with the webhook secret and retried, the
 * reporter, and refunds that never exceed what was captured, each request_id answered once. State is in memory.
 */
export async function registerSafepaySimulator(app: FastifyInstance, options: SafepaySimulatorOptions): Promise<SafepaySimulator> {
  const basePath = options.prefix ?? '/sandbox/safepay';
  const notifications = createNotificationOutbox({ log: app.log, retryDelaysMs: options.retryDelaysMs, fetch: options.fetch });
  const trackers = new Map<string, Tracker>();
  const refundAnswers = new Map<string, { code: number; body: unknown }>();

  const authorised = (request: FastifyRequest) => {
    const secret = request.headers['x-sfpy-merchant-secret'];
    return sameHash(typeof secret === 'string' ? secret : undefined, options.secretKey);
  };

  function reported(tracker: Tracker) {
    const money = (amount: number) => ({ currency: tracker.currency, amount });
    const captured = tracker.state !== 'TRACKER_STARTED';
    return {
      token: tracker.token,
      environment: 'sandbox',
      state: tracker.state,
      metadata: tracker.checkout ? { order_id: { value: tracker.checkout.orderId } } : {},
      purchase_totals: { quote_amount: money(tracker.amountMinor) },
      charge: captured ? {
        amount: money(tracker.amountMinor),
        balance: money(tracker.balanceMinor),
        cybersource_refunds: tracker.refunds.map((refund) => ({ token: refund.token, totals: money(refund.amountMinor) })),
      } : null,
    };
  }

  function sendWebhook(tracker: Tracker, reference: string) {
    if (!options.webhookUrl || !tracker.checkout?.webhooks) return;
    const now = new Date();
    const data = {
      token: randomUUID(),
      client_id: options.apiKey,
      type: 'payment:created',
      endpoint: options.webhookUrl,
      notification: {
        tracker: tracker.token,
        reference,
        intent: 'CYBERSOURCE',
        fee: '0.00',
        net: centsToDecimal(tracker.amountMinor),
        user: '',
        state: 'PAID',
        amount: centsToDecimal(tracker.amountMinor),
        currency: tracker.currency,
        metadata: { order_id: tracker.checkout.orderId, source: 'custom' },
      },
      delivery_attempts: 1,
      resource: 'notification',
      next_attempt_at: new Date(now.getTime() + 60_000).toISOString(),
      created_at: now.toISOString(),
    };
    notifications.send({
      url: options.webhookUrl,
      body: JSON.stringify({ data }),
      headers: { 'content-type': 'application/json', 'x-sfpy-signature': webhookSignature(data, options.webhookSecret) },
    });
  }

  function payPage(reply: FastifyReply, status: number, tracker: Tracker, extra: { errors?: Record<string, string>; notice?: string } = {}) {
    return pages.send(reply, status, 'Pay by card', cardForm({
      action: 'pay', hidden: { beacon: tracker.token }, amountMinor: tracker.amountMinor, currency: tracker.currency,
      orderReference: tracker.checkout!.orderId, ...extra,
    }));
  }

  function refund(tracker: Tracker, body: Record<string, unknown>): { code: number; body: unknown } {
    if (tracker.state !== 'TRACKER_ENDED' && tracker.state !== 'TRACKER_PARTIAL_REFUND') {
      return { code: 400, body: answer(null, [`cannot refund tracker in state ${tracker.state}`]) };
    }
    if (body.currency !== tracker.currency) return { code: 400, body: answer(null, [`currency must be ${tracker.currency}`]) };
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return { code: 400, body: answer(null, ['amount must be a positive integer in the lowest denomination']) };
    }
    if (amount > tracker.balanceMinor) {
      return {
        code: 400,
        body: answer(null, [`refund amount (${centsToDecimal(amount)}) is higher than remaining balance (${centsToDecimal(tracker.balanceMinor)})`]),
      };
    }
    const made = { token: `refund_${randomUUID()}`, amountMinor: amount };
    tracker.refunds.push(made);
    tracker.balanceMinor -= amount;
    tracker.state = tracker.balanceMinor === 0 ? 'TRACKER_REFUNDED' : 'TRACKER_PARTIAL_REFUND';
    return {
      code: 200,
      body: answer({
        tracker: { token: tracker.token, state: tracker.state },
        action: { cybersource_refund: { token: made.token, totals: { currency: tracker.currency, amount } } },
      }),
    };
  }

  await app.register(async (safepay) => {
    acceptForms(safepay);
    safepay.addHook('onClose', async () => notifications.close());

    safepay.post('/order/v1/init', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.client !== options.apiKey) return reply.code(401).send(answer(null, ['invalid client']));
      if (!PAYMENT_CURRENCIES.includes(body.currency as PaymentCurrency)) return reply.code(400).send(answer(null, ['currency must be PKR or USD']));
      if (body.environment !== 'sandbox') return reply.code(400).send(answer(null, ['environment must be sandbox']));
      const amount = body.amount;
      if (typeof amount !== 'number' || amount <= 0 || Math.abs(dollarsToCents(amount) - amount * 100) > 1e-6) {
        return reply.code(400).send(answer(null, ['amount must be positive with at most 2 decimals']));
      }
      const tracker: Tracker = {
        token: `track_${randomUUID()}`, amountMinor: dollarsToCents(amount), currency: body.currency as PaymentCurrency,
        state: 'TRACKER_STARTED', balanceMinor: 0, refunds: [],
      };
      trackers.set(tracker.token, tracker);
      return answer({ token: tracker.token, client: options.apiKey, environment: 'sandbox', state: tracker.state, amount, currency: tracker.currency });
    });

    safepay.get('/checkout/pay', async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const tracker = trackers.get(query.beacon ?? '');
      if (!tracker) return pages.notice(reply, 404, 'Checkout', 'This payment link is not valid.');
      if (tracker.state !== 'TRACKER_STARTED') return pages.notice(reply, 410, 'Checkout', 'This payment is complete.');
      if (!query.order_id || !isWebAddress(query.redirect_url) || !isWebAddress(query.cancel_url)) {
        return pages.notice(reply, 400, 'Checkout', 'The link lacks its order_id, redirect_url or cancel_url.');
      }
      tracker.checkout = { orderId: query.order_id, redirectUrl: query.redirect_url, cancelUrl: query.cancel_url, webhooks: query.webhooks === 'true' };
      return payPage(reply, 200, tracker);
    });

    safepay.post('/checkout/pay', async (request, reply) => {
      const fields = (request.body ?? {}) as Record<string, string | undefined>;
      const tracker = trackers.get(fields.beacon ?? '');
      if (!tracker?.checkout) return pages.notice(reply, 404, 'Checkout', 'This payment link is not valid.');
      if (tracker.state !== 'TRACKER_STARTED') return pages.notice(reply, 410, 'Checkout', 'This payment is complete.');
      if (fields.action === 'cancel') return reply.redirect(tracker.checkout.cancelUrl, 303);
      const card = readCard(fields);
      if ('errors' in card) return payPage(reply, 400, tracker, { errors: card.errors });
      const decline = cardDecline(card.cardNumber);
      // A declined card leaves the tracker open: the buyer may try another.
      if (decline) return payPage(reply, 402, tracker, { notice: decline.message });
      tracker.state = 'TRACKER_ENDED';
      tracker.balanceMinor = tracker.amountMinor;
      const reference = String(randomInt(100_000, 999_999));
      sendWebhook(tracker, reference);
      // Safepay sends the buyer back to redirect_url with the tracker and its signature in the query.
      const back = new URL(tracker.checkout.redirectUrl);
      for (const [name, value] of Object.entries({
        order_id: tracker.checkout.orderId, reference, tracker: tracker.token, token: tracker.token, sig: trackerSignature(tracker.token, options.secretKey),
      })) back.searchParams.set(name, value);
      return reply.redirect(back.href, 303);
    });

    safepay.get('/reporter/api/v1/payments/:tracker', async (request, reply) => {
      if (!authorised(request)) return reply.code(401).send(answer(null, ['invalid merchant secret']));
      const tracker = trackers.get((request.params as { tracker: string }).tracker);
      if (!tracker) return reply.code(500).send(answer(null, [`cannot find tracker with token ${(request.params as { tracker: string }).tracker}`]));
      return { ok: true, data: reported(tracker) };
    });

    safepay.post('/order/payments/v3/:tracker/refund', async (request, reply) => {
      if (!authorised(request)) return reply.code(401).send(answer(null, ['invalid merchant secret']));
      const token = (request.params as { tracker: string }).tracker;
      const tracker = trackers.get(token);
      if (!tracker) return reply.code(500).send(answer(null, [`cannot find tracker with token ${token}`]));
      const body = (request.body ?? {}) as Record<string, unknown>;
      const requestId = typeof body.request_id === 'string' && body.request_id ? `${token}:${body.request_id}` : undefined;
      const result = (requestId && refundAnswers.get(requestId)) || refund(tracker, body);
      if (requestId) refundAnswers.set(requestId, result);
      return reply.code(result.code).send(result.body);
    });
  }, { prefix: basePath });

  return { basePath, notifications };
}
