import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formsOf, messageOf, postForm, startReceiver, startSimulatorApp, type Receiver } from '../../test/gateway-simulator-kit.ts';
import type { GatewayMessage, PaymentGateway, StartPayment } from '../gateways/gateway.ts';
import { createJazzcashGateway } from '../gateways/jazzcash.ts';
import { JAZZCASH_SIMULATOR_PREFIX, registerJazzcashSimulator } from './jazzcash-simulator.ts';

const MERCHANT = { merchantId: 'MC12345', password: 'pw-of-mc12345', integritySalt: 'z1x92f9y6e' };

let receiver: Receiver;
let simulator: FastifyInstance;
let base: string;
let gateway: PaymentGateway;
let counter = 0;

beforeAll(async () => {
  receiver = await startReceiver();
  const started = await startSimulatorApp((app) => registerJazzcashSimulator(app, { ...MERCHANT, ipnUrl: receiver.url, retryDelaysMs: [50, 100] }));
  simulator = started.app;
  base = started.origin + JAZZCASH_SIMULATOR_PREFIX;
  gateway = createJazzcashGateway({ ...MERCHANT, baseUrl: base });
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
  reference: `TXN-JC${String(++counter).padStart(4, '0')}`,
  amountMinor: 250_050,
  currency: 'PKR',
  description: 'Order SS-7K2M9QXD',
  returnUrl: 'https://shop.example/api/payment/return/jazzcash',
  notifyUrl: 'https://shop.example/api/payment/notify/jazzcash',
  email: 'buyer@hospital.example',
  ...overrides,
});

/** The buyer on JazzCash's hosted page: the form's fields posted, then the page's own form with what the buyer typed. */
async function payOnHostedPage(request: StartPayment, typed: Record<string, string>) {
  const outcome = await gateway.start(request);
  if (outcome.status !== 'requires_action') throw new Error(`expected a redirect, got ${outcome.status}`);
  const page = await postForm(outcome.nextAction.url, outcome.nextAction.fields);
  expect(page.status).toBe(200);
  const [payForm] = formsOf(await page.text());
  const back = await postForm(new URL(payForm.action, base).href, { ...payForm.fields, ...typed });
  return { back, html: await back.text() };
}

const referenceOf = (message: GatewayMessage) => (message.body as Record<string, string>).pp_TxnRefNo;
/** The IPNs about one payment (those of earlier tests may still arrive). */
const about = (reference: string) => receiver.received.filter((message) => referenceOf(message) === reference);
/** The shop answers the first IPNs about a payment with these statuses, then 200. */
const answering = (reference: string, statuses: number[]) => {
  receiver.respond = (message) => (referenceOf(message) === reference ? statuses.shift() : undefined) ?? 200;
};
const notified = async (reference: string, count = 1) => {
  await vi.waitFor(() => expect(about(reference)).toHaveLength(count));
  return about(reference);
};

describe('JazzCash simulator: hosted page', () => {
  it('takes a card, posts the signed return to pp_ReturnURL and the IPN to the merchant\'s URL, both verified', async () => {
    const request = payment();
    const { back, html } = await payOnHostedPage(request, { instrument: 'card', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' });
    // The page posts itself back to the shop: its own policy lets that script and that form through.
    const policy = back.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("form-action 'self' https://shop.example");
    expect(policy).toMatch(/script-src 'sha256-/);
    expect(policy).not.toContain("default-src 'self'");
    const [returnForm] = formsOf(html);
    expect(returnForm.action).toBe(request.returnUrl);
    const report = {
      reference: request.reference, outcome: 'succeeded', amountMinor: 250_050, currency: 'PKR', gatewayReference: expect.stringMatching(/^MPAY:\d{12}$/),
    };
    expect(gateway.readReturn(messageOf({}, returnForm.fields))).toEqual(report);
    const [ipn] = await notified(request.reference);
    expect(gateway.readNotification(ipn)).toEqual(gateway.readReturn(messageOf({}, returnForm.fields)));
    expect(await gateway.status(request.reference)).toMatchObject({ outcome: 'succeeded', amountMinor: 250_050 });
  });

  it('declines the sandbox\'s declined card, and a buyer who cancels', async () => {
    const declined = payment();
    const { html } = await payOnHostedPage(declined, { instrument: 'card', cardNumber: '4000000000000002' });
    expect(gateway.readReturn(messageOf({}, formsOf(html)[0].fields))).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/declined/) });
    const cancelled = payment();
    const { html: cancelledPage } = await payOnHostedPage(cancelled, { instrument: 'cancel' });
    expect(gateway.readReturn(messageOf({}, formsOf(cancelledPage)[0].fields))).toMatchObject({ outcome: 'failed', reason: 'Transaction Cancelled by User.' });
    expect(await gateway.status(cancelled.reference)).toMatchObject({ outcome: 'failed' });
  });

  it('takes a wallet on the page too, declining the MPIN 0000 and the blocked number', async () => {
    const paid = await payOnHostedPage(payment(), { instrument: 'wallet', mobile: '03001234567', pin: '1234' });
    expect(gateway.readReturn(messageOf({}, formsOf(paid.html)[0].fields))).toMatchObject({ outcome: 'succeeded', gatewayReference: expect.stringMatching(/^MWALLET:/) });
    const low = await payOnHostedPage(payment(), { instrument: 'wallet', mobile: '03001234567', pin: '0000' });
    expect(gateway.readReturn(messageOf({}, formsOf(low.html)[0].fields))).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/Low balance/) });
    const blocked = await payOnHostedPage(payment(), { instrument: 'wallet', mobile: '03000000000', pin: '1234' });
    expect(gateway.readReturn(messageOf({}, formsOf(blocked.html)[0].fields))).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/blocked/) });
  });

  it('asks again for a card number that is not one, and refuses a request changed after signing', async () => {
    const { back } = await payOnHostedPage(payment(), { instrument: 'card', cardNumber: '1234' });
    expect(back.status).toBe(400);
    const outcome = await gateway.start(payment());
    if (outcome.status !== 'requires_action') throw new Error('expected a redirect');
    const changed = await postForm(outcome.nextAction.url, { ...outcome.nextAction.fields, pp_Amount: '100' });
    expect(changed.status).toBe(400);
    expect(await changed.text()).toContain('115: Invalid hash received.');
  });
});

describe('JazzCash simulator: wallet API', () => {
  const wallet = { mobile: '03001234567', cnic: '345678' };

  it('answers pending until the buyer approves on the phone, then notifies the merchant', async () => {
    const request = payment({ wallet });
    expect(await gateway.start(request)).toEqual({ status: 'pending', gatewayReference: expect.stringMatching(/^MWALLET:\d{12}$/) });
    expect(await gateway.status(request.reference)).toMatchObject({ outcome: 'pending' });
    const phone = `${base}/wallet/${request.reference}`;
    expect((await fetch(phone)).status).toBe(200);
    expect((await postForm(phone, { pin: '1234', decision: 'approve' })).status).toBe(200);
    const [ipn] = await notified(request.reference);
    expect(gateway.readNotification(ipn)).toMatchObject({ reference: request.reference, outcome: 'succeeded', amountMinor: 250_050 });
    expect(await gateway.status(request.reference)).toMatchObject({ outcome: 'succeeded' });
    // Once answered, the phone has nothing more to approve.
    expect((await fetch(phone)).status).toBe(404);
  });

  it('declines on the phone for the MPIN 0000 or the buyer\'s no, and at once for a blocked wallet', async () => {
    const low = payment({ wallet });
    await gateway.start(low);
    await postForm(`${base}/wallet/${low.reference}`, { pin: '0000', decision: 'approve' });
    const [ipn] = await notified(low.reference);
    expect(gateway.readNotification(ipn)).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/Low balance/) });
    const refused = payment({ wallet });
    await gateway.start(refused);
    await postForm(`${base}/wallet/${refused.reference}`, { decision: 'decline' });
    expect(await gateway.status(refused.reference)).toMatchObject({ outcome: 'failed', reason: 'Transaction Cancelled by User.' });
    expect(await gateway.start(payment({ wallet: { ...wallet, mobile: '03000000000' } }))).toMatchObject({ status: 'failed', reason: expect.stringMatching(/blocked/) });
  });

  it('refuses a reference used before', async () => {
    const request = payment({ wallet });
    await gateway.start(request);
    expect(await gateway.start(request)).toMatchObject({ status: 'failed', reason: 'Invalid value for pp_TxnRefNo: it was used before' });
  });

  it('needs the CNIC\'s last 6 digits, as the v2.0 API does', async () => {
    expect(await gateway.start(payment({ wallet: { mobile: '03001234567' } }))).toMatchObject({ status: 'failed', reason: 'Invalid value for pp_CNIC' });
  });
});

describe('JazzCash simulator: inquiry and refunds', () => {
  it('knows nothing of a payment never started', async () => {
    expect(await gateway.status('TXN-NEVER')).toEqual({ reference: 'TXN-NEVER', outcome: 'unknown' });
  });

  it('refunds a card payment up to what was paid, and leaves wallet payments to staff', async () => {
    const request = payment();
    const { html } = await payOnHostedPage(request, { instrument: 'card', cardNumber: '4242424242424242' });
    const paid = gateway.readReturn(messageOf({}, formsOf(html)[0].fields));
    const refund = (amountMinor: number, refundReference: string) => gateway.refund({
      reference: request.reference, gatewayReference: paid.gatewayReference ?? '', refundReference, amountMinor, currency: 'PKR', reason: 'returned',
    });
    expect(await refund(200_000, 'RF-1')).toEqual({ status: 'succeeded', gatewayReference: expect.stringMatching(/^\d{12}$/) });
    expect(await refund(50_051, 'RF-2')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/50050 paisa are left/) });
    expect(await refund(50_050, 'RF-3')).toMatchObject({ status: 'succeeded' });
    expect(await gateway.refund({
      reference: 'TXN-W', gatewayReference: 'MWALLET:230512123456', refundReference: 'RF-4', amountMinor: 100, currency: 'PKR', reason: 'returned',
    })).toEqual({ status: 'manual' });
  });
});

describe('JazzCash simulator: IPN delivery', () => {
  it('tries again after a non-2xx answer, and stops at the first 2xx', async () => {
    const request = payment();
    answering(request.reference, [500, 503]);
    await payOnHostedPage(request, { instrument: 'card', cardNumber: '4242424242424242' });
    await notified(request.reference, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(about(request.reference)).toHaveLength(3);
  });

  it('gives up after three tries', async () => {
    const request = payment();
    answering(request.reference, [500, 500, 500, 500]);
    await payOnHostedPage(request, { instrument: 'card', cardNumber: '4242424242424242' });
    await notified(request.reference, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(about(request.reference)).toHaveLength(3);
  });
});
