import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayShop, pageForm, postForm, returnMessage, type GatewayShop } from '../../test/gateway-shop.ts';
import type { PaymentGateway, StartPayment } from '../gateways/gateway.ts';
import { createHblPayGateway } from '../gateways/hbl-pay.ts';
import { registerHblPaySimulator, type HblPaySimulator } from './hbl-pay-simulator.ts';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const credentials = { userId: 'teststore', password: 'hbl@1234', channel: 'SHOP_WEB' };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', cardName: 'Ayesha Khan' };

let shop: GatewayShop;
let simulator: HblPaySimulator;
let hbl: PaymentGateway;

beforeAll(async () => {
  shop = await gatewayShop(async (app) => {
    simulator = await registerHblPaySimulator(app, {
      ...credentials,
      merchantPublicKeyPem: merchant.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      retryDelaysMs: [5, 10],
    });
  });
  hbl = createHblPayGateway({
    ...credentials,
    merchantPrivateKeyPem: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    hblPublicKeyPem: simulator.hblPublicKeyPem,
    baseUrl: `${shop.origin}${simulator.basePath}`,
  });
});
afterAll(() => shop.close());

let orders = 0;
const payment = (): StartPayment => ({
  reference: `TXN-HBL${String(++orders).padStart(4, '0')}`, amountMinor: 250_000, currency: 'PKR', description: 'Order SS-0001',
  returnUrl: shop.returnUrl, notifyUrl: shop.notifyUrl, email: 'buyer@example.com',
});

/** Starts a payment and opens HBL's page as a browser would: the page's script turns the fragment into its address. */
async function openPage(request: StartPayment) {
  const outcome = await hbl.start(request);
  if (outcome.status !== 'requires_action') throw new Error(`expected a redirect, got ${JSON.stringify(outcome)}`);
  const [page, fragment] = outcome.nextAction.url.split('#');
  const index = await fetch(page);
  // The page's own policy lets its script file run (and no inline script but the auto-post one).
  expect(index.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+';/);
  expect(await index.text()).toContain('<script src="checkout.js"></script>');
  expect(await (await fetch(new URL('checkout.js', page))).text()).toContain('location.hash');
  const data = /^\/checkout\?data=(.+)$/.exec(fragment)![1];
  const checkout = new URL(`checkout?data=${data}`, page).toString();
  const html = await (await fetch(checkout)).text();
  return { checkout, form: pageForm(html), html };
}

async function pay(request: StartPayment, card: Record<string, string>, action = 'pay') {
  const { checkout, form } = await openPage(request);
  return postForm(new URL(form.action, checkout).toString(), { ...form.fields, ...card, action });
}

describe('HBL Pay simulator', () => {
  it('takes a card payment on its page and sends the buyer back with an answer only the merchant key reads', async () => {
    const request = payment();
    const { html } = await openPage(request);
    expect(html).toContain('PKR 2500.00');
    shop.notifyAnswers.push(500);

    const answer = await pay(request, CARD);
    expect(answer.status).toBe(303);
    const back = answer.headers.get('location')!;
    expect(back.startsWith(`${shop.returnUrl}?data=`)).toBe(true);
    expect(hbl.readReturn(returnMessage(back))).toEqual({ reference: request.reference, outcome: 'succeeded', amountMinor: 250_000, currency: 'PKR' });

    // The copy to RESPONSE_URL: answered 500 once, tried again, and read like the return.
    await simulator.notifications.settled();
    expect(simulator.notifications.attempts.filter((a) => a.url === shop.notifyUrl).map((a) => a.status)).toEqual([500, 200]);
    expect(hbl.readNotification(shop.notifications.at(-1)!)).toMatchObject({ reference: request.reference, outcome: 'succeeded' });
  });

  it('declines the README\'s declining test card and says so in the answer', async () => {
    const request = payment();
    const answer = await pay(request, { ...CARD, cardNumber: '4000 0000 0000 0002' });
    expect(hbl.readReturn(returnMessage(answer.headers.get('location')!))).toMatchObject({
      reference: request.reference, outcome: 'failed', reason: expect.stringContaining('declined by your issuing bank'),
    });
  });

  it('sends a cancel back to the cancel address, as a failed payment', async () => {
    const request = payment();
    const answer = await pay(request, {}, 'cancel');
    expect(hbl.readReturn(returnMessage(answer.headers.get('location')!))).toMatchObject({ outcome: 'failed', reason: 'The payment was cancelled on HBL Pay.' });
  });

  it('gives up a notification after three tries when the shop never answers 2xx', async () => {
    await simulator.notifications.settled();
    const before = simulator.notifications.attempts.length;
    shop.notifyAnswers.push(500, 503, 500);
    await pay(payment(), CARD);
    await simulator.notifications.settled();
    expect(simulator.notifications.attempts.slice(before).map((a) => [a.attempt, a.status])).toEqual([[1, 500], [2, 503], [3, 500]]);
  });

  it('asks again for a card it cannot charge, and uses a session once', async () => {
    const request = payment();
    const { checkout, form } = await openPage(request);
    const wrong = await postForm(new URL(form.action, checkout).toString(), { ...form.fields, ...CARD, cardNumber: '4242 4242 4242 4241', action: 'pay' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Enter a valid card number.');
    expect((await postForm(new URL(form.action, checkout).toString(), { ...form.fields, ...CARD, action: 'pay' })).status).toBe(303);
    expect((await postForm(new URL(form.action, checkout).toString(), { ...form.fields, ...CARD, action: 'pay' })).status).toBe(410);
  });

  it('refuses an order with the wrong password, or one not encrypted for HBL, with HBL\'s codes', async () => {
    const wrong = createHblPayGateway({
      ...credentials, password: 'guessed',
      merchantPrivateKeyPem: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      hblPublicKeyPem: simulator.hblPublicKeyPem, baseUrl: `${shop.origin}${simulator.basePath}`,
    });
    expect(await wrong.start(payment())).toEqual({ status: 'failed', reason: 'INVALID USERNAME OR PASSWORD' });
    for (const garbled of [{ USER_ID: 'teststore', PASSWORD: 'plain' }, { USER_ID: 'teststore', ORDER: null }]) {
      const answer = await fetch(`${shop.origin}${simulator.basePath}/api/checkout`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(garbled),
      });
      expect(await answer.json()).toMatchObject({ IsSuccess: false, ResponseCode: 98 });
    }
  });
});
