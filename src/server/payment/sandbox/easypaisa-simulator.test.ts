import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formsOf, messageOf, postForm, queryOf, startReceiver, startSimulatorApp, type Receiver } from '../../test/gateway-simulator-kit.ts';
import type { GatewayMessage, PaymentGateway, StartPayment } from '../gateways/gateway.ts';
import { createEasypaisaGateway, type EasypaisaGatewayOptions } from '../gateways/easypaisa.ts';
import { EASYPAISA_SIMULATOR_PREFIX, registerEasypaisaSimulator } from './easypaisa-simulator.ts';

const STORE = { storeId: '43512', hashKey: 'sandbox-ep-key16', username: 'shop', password: 'pw-of-shop', accountNum: '149731533' };

let receiver: Receiver;
let simulator: FastifyInstance;
let base: string;
let gateway: PaymentGateway;
/** One that waits for the phone longer than the tests take to approve. */
let patient: PaymentGateway;
let counter = 0;

const adapter = (options: Partial<EasypaisaGatewayOptions> = {}) => createEasypaisaGateway({ ...STORE, baseUrl: base, approvalWaitMs: 200, ...options });

beforeAll(async () => {
  receiver = await startReceiver();
  const started = await startSimulatorApp((app) => registerEasypaisaSimulator(app, { ...STORE, ipnUrl: receiver.url, retryDelaysMs: [50, 100] }));
  simulator = started.app;
  base = started.origin + EASYPAISA_SIMULATOR_PREFIX;
  gateway = adapter();
  patient = adapter({ approvalWaitMs: 10_000 });
});

afterAll(async () => {
  await simulator.close();
  await receiver.close();
});

beforeEach(() => {
  receiver.received.length = 0;
  receiver.respond = () => 200;
});

const payment = (overrides: Partial<StartPayment> = {}): StartPayment => ({
  reference: `TXN-EP${String(++counter).padStart(4, '0')}`,
  amountMinor: 250_050,
  currency: 'PKR',
  description: 'Order SS-7K2M9QXD',
  returnUrl: 'https://shop.example/api/payment/return/easypaisa',
  notifyUrl: 'https://shop.example/api/payment/notify/easypaisa',
  email: 'buyer@hospital.example',
  ...overrides,
});

/** The IPN's order id: the last part of the order-status URL it names. */
const referenceOf = (message: GatewayMessage) => decodeURIComponent(new URL(String((message.query as Record<string, string>).url)).pathname.split('/').pop() ?? '');
const about = (reference: string) => receiver.received.filter((message) => referenceOf(message) === reference);
const notified = async (reference: string, count = 1) => {
  await vi.waitFor(() => expect(about(reference)).toHaveLength(count));
  return about(reference);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * The buyer through Easypay's checkout: the plug-in fields posted, the page's form with what the buyer typed, the
 * auth_token back at the shop's return URL, the adapter's next step (Confirm.jsf), and the final status back.
 */
async function payOnCheckout(request: StartPayment, typed: Record<string, string>) {
  const outcome = await gateway.start(request);
  if (outcome.status !== 'requires_action') throw new Error(`expected a redirect, got ${outcome.status}`);
  const page = await postForm(outcome.nextAction.url, outcome.nextAction.fields);
  expect(page.status).toBe(200);
  const [form] = formsOf(await page.text());
  const proceeded = await postForm(new URL(form.action, base).href, { ...form.fields, ...typed });
  expect(proceeded.status).toBe(302);
  const withToken = proceeded.headers.get('location') ?? '';
  expect(withToken.startsWith(`${request.returnUrl}?auth_token=`)).toBe(true);
  const next = gateway.returnAction?.(messageOf(queryOf(withToken)), request.returnUrl);
  if (!next) throw new Error('expected the handshake\'s next step');
  const confirmed = await postForm(next.url, next.fields);
  expect(confirmed.status).toBe(302);
  return queryOf(confirmed.headers.get('location') ?? '');
}

describe('Easypaisa simulator: hosted checkout', () => {
  it('takes a mobile account through the auth_token handshake, returns the status, and sends the IPN for the paid order', async () => {
    const request = payment();
    const returned = await payOnCheckout(request, { method: 'MA', mobile: '03001234567', pin: '1234' });
    expect(returned).toEqual({ status: 'Success', desc: '0000', orderRefNumber: request.reference });
    expect(gateway.readReturn(messageOf(returned))).toMatchObject({ reference: request.reference, outcome: 'pending' });
    const [ipn] = await notified(request.reference);
    expect(ipn.method).toBe('GET');
    const report = gateway.readNotification(await gateway.fetchNotification!(ipn));
    expect(report).toEqual({ reference: request.reference, outcome: 'succeeded', amountMinor: 250_050, currency: 'PKR', gatewayReference: expect.stringMatching(/^\d{8}$/) });
    expect(await gateway.status(request.reference)).toEqual(report);
  });

  it('declines the sandbox\'s declined card and PIN, with no IPN', async () => {
    const card = payment();
    expect(await payOnCheckout(card, { method: 'CC', cardNumber: '4000 0000 0000 0002' })).toMatchObject({ status: 'Failure', desc: '0014' });
    const pin = payment();
    expect(await payOnCheckout(pin, { method: 'MA', mobile: '03001234567', pin: '0000' })).toMatchObject({ status: 'Failure', desc: '0012' });
    expect(await gateway.status(card.reference)).toMatchObject({ outcome: 'failed' });
    expect(await gateway.status(pin.reference)).toMatchObject({ outcome: 'failed' });
    await settle();
    expect([...about(card.reference), ...about(pin.reference)]).toEqual([]);
  });

  it('refuses a request changed after its merchantHashedReq was made', async () => {
    const outcome = await gateway.start(payment());
    if (outcome.status !== 'requires_action') throw new Error('expected a redirect');
    const changed = await postForm(outcome.nextAction.url, { ...outcome.nextAction.fields, amount: '1.0' });
    expect(changed.status).toBe(400);
    expect(await changed.text()).toContain('merchantHashedReq does not match the request');
    const unchanged = await postForm(outcome.nextAction.url, outcome.nextAction.fields);
    expect(unchanged.status).toBe(200);
  });
});

describe('Easypaisa simulator: mobile-account API', () => {
  const wallet = { mobile: '03001234567' };
  const phone = (reference: string) => `${base}/wallet/${encodeURIComponent(reference)}`;

  it('holds the payment until the buyer approves on the phone: pending for a caller that stops waiting, then the IPN', async () => {
    const request = payment({ wallet });
    expect(await gateway.start(request)).toEqual({ status: 'pending' });
    expect(await gateway.status(request.reference)).toMatchObject({ outcome: 'pending', amountMinor: 250_050 });
    expect((await fetch(phone(request.reference))).status).toBe(200);
    expect((await postForm(phone(request.reference), { pin: '1234', decision: 'approve' })).status).toBe(200);
    const [ipn] = await notified(request.reference);
    expect(gateway.readNotification(await gateway.fetchNotification!(ipn))).toMatchObject({ outcome: 'succeeded', amountMinor: 250_050 });
    expect(await gateway.status(request.reference)).toMatchObject({ outcome: 'succeeded' });
  });

  it('answers a caller still waiting once the buyer approves', async () => {
    const request = payment({ wallet });
    const started = patient.start(request);
    await vi.waitFor(async () => expect((await fetch(phone(request.reference))).status).toBe(200));
    await postForm(phone(request.reference), { pin: '1234', decision: 'approve' });
    expect(await started).toEqual({ status: 'succeeded', gatewayReference: expect.stringMatching(/^\d{8}$/) });
  });

  it('declines for the PIN 0000 or the buyer\'s no, and at once for a blocked account', async () => {
    const low = payment({ wallet });
    const started = patient.start(low);
    await vi.waitFor(async () => expect((await fetch(phone(low.reference))).status).toBe(200));
    await postForm(phone(low.reference), { pin: '0000', decision: 'approve' });
    expect(await started).toMatchObject({ status: 'failed', reason: 'Insufficient balance in the mobile account.' });
    const refused = payment({ wallet });
    await gateway.start(refused);
    await postForm(phone(refused.reference), { decision: 'decline' });
    expect(await gateway.status(refused.reference)).toMatchObject({ outcome: 'failed' });
    expect(await gateway.start(payment({ wallet: { mobile: '03000000000' } }))).toMatchObject({ status: 'failed', reason: 'The mobile account is blocked.' });
    await settle();
    expect([...about(low.reference), ...about(refused.reference)]).toEqual([]);
  });

  it('refuses an order id used before', async () => {
    const request = payment({ wallet: { mobile: '03000000000' } });
    await gateway.start(request);
    expect(await gateway.start(request)).toMatchObject({ status: 'failed', reason: 'Invalid Order ID' });
  });

  it('refuses an API account it does not know', async () => {
    const stranger = adapter({ password: 'wrong' });
    expect(await stranger.start(payment({ wallet }))).toMatchObject({ status: 'failed', reason: 'INVALID CREDENTIALS' });
    await expect(stranger.status('TXN-ANY')).rejects.toThrow(/0010 INVALID CREDENTIALS/);
  });

  it('answers a held request when the gateway shuts down', async () => {
    const other = await startSimulatorApp((app) => registerEasypaisaSimulator(app, { ...STORE, ipnUrl: receiver.url }));
    const waiting = adapter({ baseUrl: other.origin + EASYPAISA_SIMULATOR_PREFIX, approvalWaitMs: 10_000 });
    const request = payment({ wallet });
    const started = waiting.start(request);
    await vi.waitFor(async () => expect((await fetch(`${other.origin}${EASYPAISA_SIMULATOR_PREFIX}/wallet/${request.reference}`)).status).toBe(200));
    await other.app.close();
    expect(await started).toMatchObject({ status: 'failed', reason: 'System Error' });
  });
});

describe('Easypaisa simulator: inquiry, refunds and IPN delivery', () => {
  it('knows nothing of an order never started, and refunds nothing by API', async () => {
    expect(await gateway.status('TXN-NEVER')).toEqual({ reference: 'TXN-NEVER', outcome: 'unknown' });
    expect(await gateway.refund({
      reference: 'TXN-1', gatewayReference: '24681357', refundReference: 'RF-1', amountMinor: 100, currency: 'PKR', reason: 'returned',
    })).toEqual({ status: 'manual' });
  });

  it('sends the IPN again after a non-2xx answer, until a 2xx', async () => {
    const request = payment();
    const statuses = [500, 502];
    receiver.respond = (message) => (referenceOf(message) === request.reference ? statuses.shift() : undefined) ?? 200;
    await payOnCheckout(request, { method: 'MA', mobile: '03001234567', pin: '1234' });
    await notified(request.reference, 3);
    await settle();
    expect(about(request.reference)).toHaveLength(3);
  });
});
