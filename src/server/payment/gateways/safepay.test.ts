import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidSignatureError, type GatewayMessage, type StartPayment } from './gateway.ts';
import { createSafepayGateway } from './safepay.ts';

const SECRET = 'sfpy-sandbox-secret-7f3a';
const WEBHOOK_SECRET = 'sfpy-webhook-secret-91c2';
const TRACKER = 'track_7d1c3a9e-2f4b-4c61-9d0a-5b8e6f1a2c3d';
const BASE = 'https://sandbox.api.safepay.example';

type Call = { url: string; init: RequestInit };
function gateway(answer: (call: Call) => Response = () => { throw new Error('no request expected'); }) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return answer({ url, init });
  }) as typeof globalThis.fetch;
  const safepay = createSafepayGateway({
    apiKey: 'sec_test-api-key', secretKey: SECRET, webhookSecret: WEBHOOK_SECRET, baseUrl: BASE, environment: 'sandbox', fetch,
  });
  return { safepay, calls };
}

const payment: StartPayment = {
  reference: 'TXN-SP0001', amountMinor: 123_450, currency: 'USD', description: 'Order SS-0001',
  returnUrl: 'https://shop.example/api/payment/return/safepay', notifyUrl: 'https://shop.example/api/payment/notify/safepay',
  email: 'buyer@example.com',
};

const hmac = (algorithm: string, key: string, text: string) => createHmac(algorithm, key).update(text).digest('hex');

/** The return as Safepay posts it to the redirect URL, which carries the shop's own signed fields. */
function returned(overrides: { query?: Record<string, string>; body?: Record<string, string> } = {}): GatewayMessage {
  const shop = { shop_outcome: 'paid', shop_reference: 'TXN-SP0001', shop_tracker: TRACKER, shop_amount: '123450', shop_currency: 'USD' };
  const query = {
    ...shop,
    shop_check: hmac('sha256', SECRET, ['shop-return', ...Object.values(shop)].join('|')),
    ...overrides.query,
  };
  // safepay-node: sig = HMAC-SHA256 of the tracker with the secret key, hex.
  const body = { order_id: 'TXN-SP0001', reference: '514087', tracker: TRACKER, token: TRACKER, sig: hmac('sha256', SECRET, TRACKER), ...overrides.body };
  return { method: 'POST', query, headers: {}, body, rawBody: new URLSearchParams(body).toString() };
}

/** A webhook as Safepay's docs show it, signed by hand: HMAC-SHA512 of JSON.stringify(data) with the webhook secret. */
function webhook(type = 'payment:created', amount = '1234.50'): GatewayMessage {
  const data = {
    token: 'C5A5APSBCV41R2QF2MHG', client_id: 'sec_test-api-key', type, endpoint: 'https://shop.example/api/payment/notify/safepay',
    notification: {
      tracker: TRACKER, reference: '514087', intent: 'CYBERSOURCE', fee: '0.00', net: amount, user: '', state: 'PAID',
      amount, currency: 'USD', metadata: { order_id: 'TXN-SP0001', source: 'custom' },
    },
    delivery_attempts: 1, resource: 'notification', next_attempt_at: '2026-10-01T09:05:33Z', created_at: '2026-10-01T09:04:33Z',
  };
  const rawBody = JSON.stringify({ data });
  return {
    method: 'POST', query: {}, headers: { 'x-sfpy-signature': hmac('sha512', WEBHOOK_SECRET, JSON.stringify(data)) },
    body: JSON.parse(rawBody), rawBody,
  };
}

describe('Safepay return', () => {
  it('accepts a return whose sig signs its tracker and whose address the shop signed', () => {
    expect(gateway().safepay.readReturn(returned())).toEqual({
      reference: 'TXN-SP0001', outcome: 'succeeded', amountMinor: 123_450, currency: 'USD', gatewayReference: TRACKER,
    });
  });

  it('refuses a return with a changed tracker, sig, amount or order', () => {
    const otherTracker = 'track_00000000-0000-4000-8000-000000000000';
    const refused = [
      returned({ body: { tracker: otherTracker, sig: hmac('sha256', SECRET, otherTracker) } }),
      returned({ body: { sig: hmac('sha256', 'another-secret', TRACKER) } }),
      returned({ query: { shop_amount: '100' } }),
      returned({ query: { shop_reference: 'TXN-SP0002' } }),
      returned({ query: { shop_check: '' } }),
    ];
    for (const message of refused) expect(() => gateway().safepay.readReturn(message)).toThrow(InvalidSignatureError);
  });

  it('reads the signed cancel address as a failed payment', () => {
    const shop = { shop_outcome: 'cancelled', shop_reference: 'TXN-SP0001', shop_tracker: TRACKER, shop_amount: '123450', shop_currency: 'USD' };
    const check = hmac('sha256', SECRET, ['shop-return', ...Object.values(shop)].join('|'));
    const message: GatewayMessage = { method: 'GET', query: { ...shop, shop_check: check }, headers: {}, body: undefined, rawBody: '' };
    expect(gateway().safepay.readReturn(message)).toMatchObject({ outcome: 'failed', reference: 'TXN-SP0001' });
  });
});

describe('Safepay webhooks', () => {
  it('accepts a payment:created webhook signed with the webhook secret', () => {
    expect(gateway().safepay.readNotification(webhook())).toEqual({
      reference: 'TXN-SP0001', outcome: 'succeeded', amountMinor: 123_450, currency: 'USD', gatewayReference: TRACKER,
    });
  });

  it('refuses a webhook whose body was changed after signing, or that is unsigned', () => {
    const signed = webhook();
    const changed = { ...signed, rawBody: signed.rawBody.replace('"amount":"1234.50"', '"amount":"1.50"') };
    expect(changed.rawBody).not.toBe(signed.rawBody);
    expect(() => gateway().safepay.readNotification(changed)).toThrow(InvalidSignatureError);
    expect(() => gateway().safepay.readNotification({ ...signed, headers: {} })).toThrow(InvalidSignatureError);
  });

  it('reports no outcome for other events, which are signed but not about a payment', () => {
    const reading = () => gateway().safepay.readNotification(webhook('error:occurred'));
    expect(reading).toThrow(/reports no payment outcome/);
    expect(reading).not.toThrow(InvalidSignatureError);
  });
});

describe('Safepay API', () => {
  it('creates a payment token and sends the buyer to the checkout with it, coming back signed', async () => {
    const { safepay, calls } = gateway(() => Response.json({ data: { token: TRACKER, state: 'TRACKER_STARTED' }, status: { errors: [], message: 'success' } }));
    const outcome = await safepay.start(payment);

    expect(calls[0].url).toBe(`${BASE}/order/v1/init`);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ client: 'sec_test-api-key', amount: 1234.5, currency: 'USD', environment: 'sandbox' });
    if (outcome.status !== 'requires_action') throw new Error(`expected a redirect, got ${outcome.status}`);
    const url = new URL(outcome.nextAction.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/checkout/pay`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ beacon: TRACKER, env: 'sandbox', order_id: 'TXN-SP0001', source: 'custom', webhooks: 'true' });
    expect(outcome).toMatchObject({ gatewayReference: TRACKER, nextAction: { method: 'GET', fields: {} } });

    const back = returnedTo(url.searchParams.get('redirect_url')!, { tracker: TRACKER, sig: hmac('sha256', SECRET, TRACKER) });
    expect(safepay.readReturn(back)).toMatchObject({ outcome: 'succeeded', reference: 'TXN-SP0001', amountMinor: 123_450, currency: 'USD' });
    expect(safepay.readReturn(returnedTo(url.searchParams.get('cancel_url')!, {}))).toMatchObject({ outcome: 'failed' });
  });

  it('fails when Safepay refuses the token', async () => {
    const { safepay } = gateway(() => Response.json({ data: null, status: { errors: ['invalid client'], message: 'error' } }, { status: 401 }));
    expect(await safepay.start(payment)).toEqual({ status: 'failed', reason: 'invalid client' });
  });

  it('asks the reporter with the merchant secret, by tracker', async () => {
    const { safepay, calls } = gateway(() => Response.json({
      ok: true,
      data: { token: TRACKER, state: 'TRACKER_ENDED', metadata: { order_id: { value: 'TXN-SP0001' } }, purchase_totals: { quote_amount: { currency: 'USD', amount: 123_450 } } },
    }));
    expect(await safepay.status('TXN-SP0001', TRACKER)).toEqual({
      reference: 'TXN-SP0001', outcome: 'succeeded', amountMinor: 123_450, currency: 'USD', gatewayReference: TRACKER,
    });
    expect(calls[0].url).toBe(`${BASE}/reporter/api/v1/payments/${TRACKER}`);
    expect(calls[0].init.headers).toEqual({ 'x-sfpy-merchant-secret': SECRET });
    expect(await safepay.status('TXN-SP0002', TRACKER)).toEqual({ reference: 'TXN-SP0002', outcome: 'unknown' });
    expect(await gateway().safepay.status('TXN-SP0001')).toEqual({ reference: 'TXN-SP0001', outcome: 'unknown' });
  });

  it('refunds through the refund API with the refund reference, and reports a refusal', async () => {
    const refund = { reference: 'TXN-SP0001', gatewayReference: TRACKER, refundReference: 'RF-1', amountMinor: 5_000, currency: 'USD' as const, reason: 'damaged' };
    const { safepay, calls } = gateway(() => Response.json({
      data: { tracker: { token: TRACKER, state: 'TRACKER_PARTIAL_REFUND' }, action: { cybersource_refund: { token: 'refund_1' } } },
      status: { errors: [], message: 'success' },
    }));
    expect(await safepay.refund(refund)).toEqual({ status: 'succeeded', gatewayReference: 'refund_1' });
    expect(calls[0].url).toBe(`${BASE}/order/payments/v3/${TRACKER}/refund`);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ amount: 5_000, currency: 'USD', request_id: 'RF-1' });
    expect(calls[0].init.headers).toMatchObject({ 'x-sfpy-merchant-secret': SECRET });

    const refusing = gateway(() => Response.json({ data: null, status: { errors: ['refund amount (50.00) is higher than remaining balance (10.00)'] } }, { status: 400 }));
    expect(await refusing.safepay.refund(refund)).toEqual({ status: 'failed', reason: 'refund amount (50.00) is higher than remaining balance (10.00)' });
  });
});

function returnedTo(address: string, fields: Record<string, string>): GatewayMessage {
  return { method: 'POST', query: Object.fromEntries(new URL(address).searchParams), headers: {}, body: fields, rawBody: new URLSearchParams(fields).toString() };
}
