import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import { createTestUser, GOOD_PASSWORD, individualRegistration, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['target@example.com', 'regular@example.com', 'bystander@example.com']) {
    await createTestUser(t.database.db, { email });
  }
});
afterAll(() => t.close());

const TOO_MANY = { detail: 'Too many attempts. Please wait a few minutes and try again.' };
const post = (url: string, payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (email: string, password: string, ip?: string) => post('/api/auth/login/', { email, password }, ip);

describe('sign-in limits', () => {
  it('allows 10 attempts a minute from one address, then answers 429 with Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await login(`someone${i}@example.com`, 'Not-the-password', ip)).statusCode).toBe(401);
    }
    const refused = await login('regular@example.com', GOOD_PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('regular@example.com', GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('after 5 failed attempts for an account from one client, each further attempt waits 2^n seconds; another client still signs in', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await login('target@example.com', `Guess-number-${i}`, ip)).statusCode).toBe(401);
    const refused = await login('target@example.com', GOOD_PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(300);
    // The account is never locked for everyone: its owner, on another client, signs in.
    expect((await login('target@example.com', GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await login('bystander@example.com', GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('treats unknown emails the same way, so the limit tells nothing about who has an account', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await login('ghost@example.com', `Guess-number-${i}`, ip)).statusCode).toBe(401);
    expect((await login('ghost@example.com', GOOD_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('does not count successful sign-ins against the email', async () => {
    for (let i = 0; i < 8; i++) expect((await login('regular@example.com', GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password reset limits', () => {
  it('allows 5 requests per address in 15 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/reset-password/', { email: `reset${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    const refused = await post('/api/auth/reset-password/', { email: 'another@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
  });

  it.each(['bystander@example.com', 'nobody-here@example.com'])('allows 5 requests per email (%s) from any address', async (email) => {
    const mails = t.mailer.sent.length;
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/reset-password/', { email })).statusCode).toBe(200);
    const refused = await post('/api/auth/reset-password/', { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(t.mailer.sent.length - mails).toBe(email.startsWith('bystander') ? 5 : 0);
  });
});

describe('registration limit', () => {
  it('allows 10 registrations an hour from one address, then refuses without writing', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/register/', individualRegistration({ email: `new${i}@example.com` }), ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = (await t.database.db.select({ n: count() }).from(users))[0].n;
    const refused = await post('/api/auth/register/', individualRegistration({ email: 'one-more@example.com' }), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect((await t.database.db.select({ n: count() }).from(users))[0].n).toBe(before);
  });
});
