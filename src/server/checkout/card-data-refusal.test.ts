import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orders } from '../db/schema/orders.ts';
import { idempotencyKeys, payments } from '../db/schema/payments.ts';
import { LOGGER_OPTIONS } from '../logger-options.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, TEST_BANK, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { cardDataFields } from './card-data-refusal.ts';
import { typedSecretsIn } from '../test/typed-secrets.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
let t: CommerceTestApp;
let headers: Record<string, string>;
let business: Record<string, string>;

const CARD = { cardNumber: '5105 1051 0510 5100', expiry: '10/37', cvv: '8642', cardName: 'Ayesha Khan' };

beforeAll(async () => {
  // Live mode without a configured gateway, logging as main.ts does.
  t = await createCommerceTestApp({ env: { PAYMENT_MODE: 'live' }, logger: pino({ level: 'trace', ...LOGGER_OPTIONS }, stream) });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100 },
  ]);
  headers = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  business = (await createTestUser(t.database.db, { email: 'procurement@mayo.example', accountType: 'business' })).headers;
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: products[0].id, quantity: 1 } });
});
afterAll(() => t.close());

const post = (url: string, payload: object, key: string, as = headers) =>
  t.app.inject({ method: 'POST', url, headers: { ...as, 'idempotency-key': key }, payload });

describe('card data in live mode', () => {
  it('is refused before anything is written or charged, and never reaches the log', async () => {
    // An invalid expiry too: a validation answer would come after the refusal, whatever it said.
    const answers = [
      await post('/api/payment/process', paymentBody('credit_card', 93, { paymentData: CARD }), 'live-1'),
      await post('/api/payment/process', paymentBody('credit_card', 93, { paymentData: { ...CARD, expiry: '5105105105105100' } }), 'live-2'),
      await post('/api/payment/process', paymentBody('hbl_pay', 25_901, { paymentData: TEST_BANK }), 'live-3'),
      await post('/api/payment/process', paymentBody('jazzcash', 25_901, { paymentData: { mobile: '03001234567', pin: '918273' } }), 'live-4'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'CARD_DATA_NOT_ACCEPTED', detail: expect.any(String) });
      expect(answer.body).not.toContain('5100');
    }
    for (const table of [orders, payments, idempotencyKeys]) {
      expect((await t.database.db.select({ n: count() }).from(table))[0].n).toBe(0);
    }
    expect(t.charges.size).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json().items).toHaveLength(1);

    // Request ids, times and durations are digits of their own: a four-digit CVV could turn up in them by chance.
    const noise = new Set(['time', 'pid', 'reqId', 'responseTime']);
    const log = lines.map((line) => JSON.stringify(JSON.parse(line), (key, value) => (noise.has(key) ? undefined : value))).join('\n');
    expect(log).toContain('/api/payment/process');
    expect(typedSecretsIn(log, ['5105105105105100', '5105 1051 0510 5100', '8642', '918273', TEST_BANK.accountNumber])).toEqual([]);
  });

  it('is refused by every route that takes a payment, once the caller is signed in', async () => {
    // Every body built with paymentBy (src/contracts/payment.ts) is a union on paymentMethod.
    const paying = t.app.registeredRoutes.filter(({ schema }) =>
      schema?.body instanceof z.ZodDiscriminatedUnion && schema.body.def.discriminator === 'paymentMethod');
    expect(paying.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'POST /api/organisation/approvals/:id/pay/', 'POST /api/payment/process', 'POST /api/private-label/requests/:id/approve/',
      'POST /api/private-label/requests/:id/balance/', 'POST /api/quotes/:id/accept/',
    ]);
    for (const [i, route] of paying.entries()) {
      const answer = await post(route.url.replace(':id', '1'), paymentBody('credit_card', 93, { paymentData: CARD }), `live-route-${i}`, business);
      expect([route.url, answer.statusCode, answer.json().code]).toEqual([route.url, 400, 'CARD_DATA_NOT_ACCEPTED']);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/payment/process', payload: paymentBody('credit_card', 93, { paymentData: CARD }) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a wallet\'s mobile number through, and payments on the gateway\'s page', async () => {
    expect(cardDataFields({ paymentData: { mobile: '03001234567' } })).toEqual([]);
    expect(cardDataFields({ paymentData: {} })).toEqual([]);
    expect(cardDataFields({ paymentMethod: 'credit_card' })).toEqual([]);
    expect(cardDataFields({ paymentData: { ...CARD, ...TEST_BANK, pin: '1234' } }))
      .toEqual(['cardNumber', 'expiry', 'cvv', 'cardName', 'accountNumber', 'bankPin', 'pin']);
    const wallet = await post('/api/payment/process', paymentBody('jazzcash', 25_901, { paymentData: { mobile: '03001234567' } }), 'live-7');
    expect(wallet.json().code).not.toBe('CARD_DATA_NOT_ACCEPTED');
  });
});
