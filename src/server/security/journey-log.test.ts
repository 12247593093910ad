import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ensureCommerceDefaults } from '../checkout/commerce-defaults.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { LOGGER_OPTIONS } from '../logger-options.ts';
import { createMailer } from '../lib/mailer.ts';
import { individualRegistration, nextIp } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { PAKISTAN_STANDARD_ID, paymentBody } from '../test/commerce-fixtures.ts';
import { TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createTestMailer } from '../test/test-mailer.ts';

// A buyer's whole visit, logged as production logs it at its most verbose: the shop's own logger options (redaction,
// request serializer) at 'trace', and mail written to files as the shop does without SMTP, which logs each message.
// Nothing the visit issued or sent (tokens, links, passwords, card details) may be found in that log.

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const logger = pino({ level: 'trace', ...LOGGER_OPTIONS }, stream);
const mailFolder = mkdtempSync(path.join(tmpdir(), 'shop-journey-mail-'));
const config = loadConfig({ NODE_ENV: 'test', SEED: 'none' }, 'test');
/** Each message is kept, to read its link, and written as .eml the way the shop does without MAIL_URL. */
const inbox = createTestMailer();
const fileMailer = createMailer({ from: config.MAIL_FROM, folder: mailFolder, log: logger });

let app: FastifyInstance;
let database: Database;
let productId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCommerceDefaults(database.db);
  const { products } = await insertCatalogue(database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100 },
  ]);
  productId = products[0].id;
  app = await buildApp({
    config,
    database,
    mailer: { send: async (message) => { await inbox.send(message); await fileMailer.send(message); } },
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    logger,
    deliverMailBeforeAnswer: true,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(mailFolder, { recursive: true, force: true });
});

const EMAIL = 'dr.sana.journey@example.com';
const PASSWORD = 'Osteotome-Mallet-4417';
const NEW_PASSWORD = 'Rongeur-Curette-9053';
const CARD = { cardNumber: '5105 1051 0510 5100', expiry: '10/37', cvv: '8642', cardName: 'Sana Mirza' };

/** Every secret the visit handed out or took in, each under a name that says what leaked. */
const secrets = new Map<string, string>([
  ['password', PASSWORD],
  ['new password', NEW_PASSWORD],
  ['card number', CARD.cardNumber],
  ['card number without spaces', CARD.cardNumber.replaceAll(' ', '')],
  ['card number without its last four', CARD.cardNumber.replaceAll(' ', '').slice(0, 12)],
]);
function keepJwt(name: string, token: string) {
  expect(token.split('.')).toHaveLength(3);
  secrets.set(name, token);
  secrets.set(`${name} (signature)`, token.split('.')[2]);
}
function keepLink(name: string, link: string) {
  const token = new URL(link).searchParams.get('token');
  expect(token, link).toBeTruthy();
  secrets.set(`${name} link`, link);
  secrets.set(`${name} token`, token!);
  return token!;
}

/** The captured log as one text, without the fields that are digits and hex of their own (times, ids, durations). */
function logText(): string {
  const noise = new Set(['time', 'pid', 'hostname', 'reqId', 'responseTime']);
  return lines.map((line) => JSON.stringify(JSON.parse(line), (key, value) => (noise.has(key) ? undefined : value))).join('\n');
}
const parsedLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { req?: { url?: string } });

describe('the log of a whole buyer journey', () => {
  it('holds the requests and the mail it wrote, and none of the tokens, links, passwords or card details', async () => {
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    // Registers; the verification mail carries the link.
    const registered = await app.inject({
      method: 'POST', url: '/api/auth/register/', remoteAddress: nextIp(),
      payload: individualRegistration({ email: EMAIL, first_name: 'Sana', last_name: 'Mirza', password: PASSWORD, password_confirm: PASSWORD }),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    keepJwt('access token from registering', registered.json().token);
    secrets.set('refresh token from registering', registered.json().refreshToken);
    const verification = inbox.lastTo(EMAIL)!;
    expect(verification.subject).toMatch(/verif/i);
    const verifyToken = keepLink('verification', verification.link!);

    // Opens the link (the storefront's page), whose page then verifies through the API.
    await app.inject({ method: 'GET', url: `/verify-email?token=${verifyToken}` });
    const verified = await app.inject({ method: 'POST', url: `/api/auth/verify-email/${verifyToken}/` });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user.is_verified).toBe(true);

    // Signs in, and refreshes: the refresh token is rotated.
    const login = await app.inject({
      method: 'POST', url: '/api/auth/login/', remoteAddress: nextIp(), payload: { email: EMAIL, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    keepJwt('access token from signing in', login.json().token);
    secrets.set('refresh token from signing in', login.json().refreshToken);
    const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: login.json().refreshToken } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().refresh).not.toBe(login.json().refreshToken);
    keepJwt('access token from refreshing', refreshed.json().access);
    secrets.set('rotated refresh token', refreshed.json().refresh);
    let headers = bearer(refreshed.json().access);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me/', headers })).json().email).toBe(EMAIL);

    // Fills the cart and pays by card: 18.00 + 75.00 shipping.
    const added = await app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity: 1 } });
    expect(added.statusCode, added.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/cart/', headers })).json().grand_total).toBe('93.00');
    const paid = await app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': 'journey-order-1' },
      payload: paymentBody('credit_card', 93, { paymentData: CARD, orderDetails: { items: [], orderType: 'individual', shippingOptionId: PAKISTAN_STANDARD_ID, shippingAddress: {
        email: EMAIL, firstName: 'Sana', lastName: 'Mirza', company: 'Services Hospital', address: '7 Jail Road', city: 'Lahore',
        postalCode: '54000', phone: '+92 300 7654321',
      } } }),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { transactionId, orderNumber } = paid.json();
    expect((await app.inject({ method: 'GET', url: `/api/payment/verify/${transactionId}`, headers })).json().status).toBe('succeeded');
    const mine = await app.inject({ method: 'GET', url: '/api/orders/', headers });
    expect(mine.json().orders.map((o: { orderNumber: string }) => o.orderNumber)).toContain(orderNumber);
    const confirmation = inbox.lastTo(EMAIL)!;
    expect(confirmation).not.toBe(verification);

    // Forgets the password: the reset mail carries the link, the page sends its token with the new password.
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password/', remoteAddress: nextIp(), payload: { email: EMAIL } });
    expect(reset.statusCode, reset.body).toBe(200);
    const resetMail = inbox.lastTo(EMAIL)!;
    expect(resetMail.subject).toMatch(/reset/i);
    const resetToken = keepLink('password reset', resetMail.link!);
    await app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const confirmed = await app.inject({
      method: 'POST', url: '/api/auth/reset-password/confirm/', payload: { token: resetToken, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me/', headers })).statusCode).toBe(401);

    // Signs in with the new password, and signs out.
    const again = await app.inject({
      method: 'POST', url: '/api/auth/login/', remoteAddress: nextIp(), payload: { email: EMAIL, password: NEW_PASSWORD },
    });
    expect(again.statusCode, again.body).toBe(200);
    keepJwt('access token from signing in again', again.json().token);
    secrets.set('refresh token from signing in again', again.json().refreshToken);
    headers = bearer(again.json().token);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout/', headers, payload: { refresh: again.json().refreshToken } });
    expect(out.statusCode, out.body).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: again.json().refreshToken } })).statusCode).toBe(401);

    // The log is there and holds the visit: a silent or broken logger would not get past these.
    const entries = parsedLines();
    const urls = entries.filter((entry) => entry.msg === 'incoming request').map((entry) => entry.req?.url);
    expect(urls).toEqual(expect.arrayContaining([
      '/api/auth/register/', '/api/auth/login/', '/api/auth/refresh/', '/api/cart/add-item/', '/api/payment/process',
      `/api/payment/verify/${transactionId}`, '/api/auth/reset-password/confirm/', '/api/auth/logout/',
      '/verify-email?token=[redacted]', '/api/auth/verify-email/[redacted]/', '/reset-password?token=[redacted]',
    ]));
    expect(entries.filter((entry) => entry.msg === 'request completed').length).toBeGreaterThanOrEqual(urls.length);
    expect(entries.find((entry) => entry.msg === 'payment processed')).toMatchObject({ transactionId, orderNumber, cardLast4: '5100' });
    // Each message was written to a file and logged without its content.
    const mailLines = entries.filter((entry) => entry.msg === 'mail written');
    expect(mailLines.length).toBe(inbox.sent.length);
    expect(mailLines.map((entry) => entry.subject)).toEqual(inbox.sent.map((mail) => mail.subject));
    expect(readdirSync(mailFolder)).toHaveLength(inbox.sent.length);

    const log = logText();
    expect(log).toContain(transactionId);
    expect(log).toContain(orderNumber);
    expect(log).toContain(EMAIL);
    expect(log).toContain('5100');
    const found = [...secrets].filter(([, secret]) => log.includes(secret)).map(([name]) => name);
    expect(found, 'secrets in the log').toEqual([]);
    // A three- or four-digit CVV could be part of another number by chance: only a standalone one counts.
    expect(log).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${CARD.cvv}(?![0-9A-Za-z])`));

    // The same search does find the links where they belong: in the mail written for the buyer.
    const mailText = readdirSync(mailFolder).map((file) => readFileSync(path.join(mailFolder, file), 'utf8')).join('\n')
      .replace(/=\r?\n/g, '');
    expect(mailText).toContain(verifyToken);
    expect(mailText).toContain(resetToken);
  });
});
