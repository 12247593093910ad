import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { LOGGER_OPTIONS } from '../logger-options.ts';
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
let productId: number;

beforeAll(async () => {
  // The same logger options as main.ts.
  const logger = pino({ level: 'trace', ...LOGGER_OPTIONS }, stream);
  t = await createCommerceTestApp({ logger });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100 },
  ]);
  productId = products[0].id;
  headers = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
});
afterAll(() => t.close());

const SECRETS = {
  card: { cardNumber: '5105 1051 0510 5100', expiry: '10/37', cvv: '8642', cardName: 'Ayesha Khan' },
  wallet: { mobile: '03217654321', cnic: '271828', pin: '918273' },
  bank: { accountNumber: '55443322110099', bankPin: '736251' },
};
const secretStrings = ['271828', '5105105105105100', '5105 1051 0510 5100', '8642', '918273', '03217654321', '736251', '55443322110099'];

/** Pays for one Kelly Hemostat: 18.00 + 75.00 shipping = 93.00, or PKR 25,900.50. */
async function pay(payload: unknown, key: string) {
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json();
  if (cart.items.length === 0) {
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity: 1 } });
  }
  return t.app.inject({ method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': key }, payload: payload as object });
}

describe('payment logging', () => {
  it('never writes a card number, CVV or PIN to the log', async () => {
    const answers = [
      await pay(paymentBody('credit_card', 93, { paymentData: SECRETS.card }), 'log-1'),
      await pay(paymentBody('jazzcash', 25_901, { paymentData: SECRETS.wallet }), 'log-2'),
      await pay(paymentBody('hbl_pay', 25_901, { paymentData: { ...SECRETS.bank, bankPin: '0000' } }), 'log-3'),
      await pay(paymentBody('hbl_pay', 25_901, { paymentData: SECRETS.bank }), 'log-4'),
      await pay(paymentBody('credit_card', 93, { paymentData: { ...SECRETS.card, cvv: 'x8642' } }), 'log-5'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 402, 201, 400]);
    t.app.log.info({ body: paymentBody('credit_card', 1, { paymentData: SECRETS.card }) }, 'a careless debug line');

    // Request ids, times and durations are digits and hex of their own: a four-digit CVV could turn up in them by chance.
    const noise = new Set(['time', 'pid', 'reqId', 'responseTime']);
    const log = lines.map((line) => JSON.stringify(JSON.parse(line), (key, value) => (noise.has(key) ? undefined : value))).join('\n');
    expect(log).toContain(answers[0].json().transactionId);
    expect(log).toContain('"cardLast4":"5100"');
    expect(log).toContain('"walletMasked":"0321****321"');
    expect(log).toContain('[Redacted]');
    expect(typedSecretsIn(log, secretStrings)).toEqual([]);
  });
});
