import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { gatewayShop, pageForm, postForm, returnMessage, type GatewayShop } from '../../test/gateway-shop.ts';
import type { PaymentGateway, RefundRequest, StartPayment } from '../gateways/gateway.ts';
import { createSafepayGateway } from '../gateways/safepay.ts';
import { registerSafepaySimulator, type SafepaySimulator } from './safepay-simulator.ts';

const keys = { apiKey: 'sec_sandbox-api-key', secretKey: 'sandbox-secret-key', webhookSecret: 'sandbox-webhook-secret' };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', cardName: 'Ayesha Khan' };

let shop: GatewayShop;
let simulator: SafepaySimulator;
let safepay: PaymentGateway;

beforeAll(async () => {
  // The webhook endpoint is set on Safepay's dashboard before any payment, so the shop's address is known first.
  const port = await freePort();
  shop = await gatewayShop(async (app) => {
    simulator = await registerSafepaySimulator(app, {
      ...keys, webhookUrl: `http://127.0.0.1:${port}/shop/notify`, retryDelaysMs: [5, 10],
    });
  }, port);
  safepay = createSafepayGateway({ ...keys, baseUrl: `${shop.origin}${simulator.basePath}`, environment: 'sandbox' });
});
afterAll(() => shop.close());

let orders = 0;
const payment = (currency: 'PKR' | 'USD' = 'PKR'): StartPayment => ({
  reference: `TXN-SP${String(++orders).padStart(4, '0')}`, amountMinor: 120_000, currency, description: 'Order SS-0001',
  returnUrl: shop.returnUrl, notifyUrl: shop.notifyUrl, email: 'buyer@example.com',
});

async function openCheckout(request: StartPayment) {
  const outcome = await safepay.start(request);
  if (outcome.status !== 'requires_action') throw new Error(`expected a redirect, got ${JSON.stringify(outcome)}`);
  const page = outcome.nextAction.url;
  const response = await fetch(page);
  return { tracker: outcome.gatewayReference!, page, html: await response.text(), status: response.status };
}

async function submitCard(page: string, html: string, fields: Record<string, string>) {
  const form = pageForm(html);
  return postForm(new URL(form.action, page).toString(), { ...form.fields, ...fields });
}

/** Pays by card and follows Safepay's page back to the shop: the redirect URL with the signed tracker in its query. */
async function payAndReturn(request: StartPayment) {
  const { tracker, page, html } = await openCheckout(request);
  const paid = await submitCard(page, html, { ...CARD, action: 'pay' });
  expect(paid.status).toBe(303);
  const back = paid.headers.get('location')!;
  return { tracker, back, message: returnMessage(back) };
}

const refundOf = (tracker: string, refundReference: string, amountMinor: number): RefundRequest => ({
  reference: 'TXN', gatewayReference: tracker, refundReference, amountMinor, currency: 'PKR', reason: 'returned',
});

describe('Safepay simulator', () => {
  it('takes a card payment in USD on its checkout and posts a signed return the adapter accepts', async () => {
    const request = payment('USD');
    const { tracker, back, message } = await payAndReturn(request);
    expect(back.startsWith(`${shop.returnUrl}?`)).toBe(true);
    expect(Object.fromEntries(new URL(back).searchParams)).toMatchObject({ order_id: request.reference, tracker });
    expect(safepay.readReturn(message)).toEqual({
      reference: request.reference, outcome: 'succeeded', amountMinor: 120_000, currency: 'USD', gatewayReference: tracker,
    });
    expect(await safepay.status(request.reference, tracker)).toMatchObject({ outcome: 'succeeded', amountMinor: 120_000, currency: 'USD' });
  });

  it('delivers the payment:created webhook, signed, again until the shop answers 2xx', async () => {
    await simulator.notifications.settled();
    const before = simulator.notifications.attempts.length;
    shop.notifyAnswers.push(500, 502);
    const request = payment();
    await payAndReturn(request);
    await simulator.notifications.settled();
    expect(simulator.notifications.attempts.slice(before).map((a) => a.status)).toEqual([500, 502, 200]);
    expect(safepay.readNotification(shop.notifications.at(-1)!)).toMatchObject({ reference: request.reference, outcome: 'succeeded', amountMinor: 120_000 });
  });

  it('declines the README\'s declining test card and keeps the payment open, and cancels back to the shop', async () => {
    const request = payment();
    const { tracker, page, html } = await openCheckout(request);
    const declined = await submitCard(page, html, { ...CARD, cardNumber: '4000 0000 0000 0002', action: 'pay' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('your card was declined');
    expect(await safepay.status(request.reference, tracker)).toMatchObject({ outcome: 'pending' });

    const cancelled = await submitCard(page, html, { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(safepay.readReturn(returnMessage(cancelled.headers.get('location')!))).toMatchObject({ reference: request.reference, outcome: 'failed' });
  });

  it('refunds in parts up to what was captured, refuses more, and answers a repeated refund reference once', async () => {
    const { tracker } = await payAndReturn(payment());
    const first = await safepay.refund(refundOf(tracker, 'RF-A', 50_000));
    expect(first).toMatchObject({ status: 'succeeded', gatewayReference: expect.stringMatching(/^refund_/) });
    expect(await safepay.refund(refundOf(tracker, 'RF-A', 50_000))).toEqual(first);
    expect(await safepay.refund(refundOf(tracker, 'RF-B', 80_000))).toEqual({
      status: 'failed', reason: 'refund amount (800.00) is higher than remaining balance (700.00)',
    });
    expect(await safepay.refund(refundOf(tracker, 'RF-C', 70_000))).toMatchObject({ status: 'succeeded' });
    expect(await safepay.refund(refundOf(tracker, 'RF-D', 1))).toEqual({ status: 'failed', reason: 'cannot refund tracker in state TRACKER_REFUNDED' });

    const report = await fetch(`${shop.origin}${simulator.basePath}/reporter/api/v1/payments/${tracker}`, { headers: { 'x-sfpy-merchant-secret': keys.secretKey } });
    expect((await report.json()).data.charge).toMatchObject({ balance: { amount: 0 }, cybersource_refunds: [{ totals: { amount: 50_000 } }, { totals: { amount: 70_000 } }] });
  });

  it('refuses a refund of a payment not yet captured, and answers a tracker it does not know as unknown', async () => {
    const { tracker } = await openCheckout(payment());
    expect(await safepay.refund(refundOf(tracker, 'RF-E', 100))).toEqual({ status: 'failed', reason: 'cannot refund tracker in state TRACKER_STARTED' });
    expect(await safepay.status('TXN-NONE', 'track_00000000-0000-4000-8000-000000000000')).toEqual({ reference: 'TXN-NONE', outcome: 'unknown' });
  });

  it('refuses the reporter and refunds without the merchant secret, and a token for another client', async () => {
    const { tracker } = await payAndReturn(payment());
    expect((await fetch(`${shop.origin}${simulator.basePath}/reporter/api/v1/payments/${tracker}`)).status).toBe(401);
    const stranger = createSafepayGateway({ ...keys, apiKey: 'sec_someone-else', baseUrl: `${shop.origin}${simulator.basePath}`, environment: 'sandbox' });
    expect(await stranger.start(payment())).toEqual({ status: 'failed', reason: 'invalid client' });
  });
});
