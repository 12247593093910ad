import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { individualRegistration, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { hashOpaqueToken } from './opaque-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Registers someone and answers their access token and the token from the verification link. */
async function registerAndReadMail(email: string) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/register/', payload: individualRegistration({ email }), remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const link = new URL(t.mailer.lastTo(email)!.link!);
  expect(`${link.origin}${link.pathname}`).toBe('http://shop.test/verify-email');
  return { headers: { authorization: `Bearer ${res.json().token}` }, token: link.searchParams.get('token')! };
}

const verify = (token: string, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url: `/api/auth/verify-email/${token}/` });
const isVerified = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0].isVerified;
const FAILED = { detail: 'Invalid or expired verification token' };

describe('email verification', () => {
  it('verifies with GET once; the link then stops working', async () => {
    const { token, headers } = await registerAndReadMail('dr.imran@example.com');
    const res = await verify(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ detail: 'Email verified successfully.', user: { email: 'dr.imran@example.com', is_verified: true } });
    expect((await t.app.inject({ url: '/api/auth/me/', headers })).json().is_verified).toBe(true);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(FAILED);
  });

  it('verifies with POST and no body, with or without the trailing slash', async () => {
    const { token } = await registerAndReadMail('dr.nadia@example.com');
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/verify-email/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await isVerified('dr.nadia@example.com')).toBe(true);
  });

  it('refuses a link older than 24 hours', async () => {
    const { token } = await registerAndReadMail('dr.late@example.com');
    await t.database.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashOpaqueToken(token)));
    const res = await verify(token, 'POST');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(FAILED);
    expect(await isVerified('dr.late@example.com')).toBe(false);
  });

  it('refuses unknown tokens and reset tokens', async () => {
    expect((await verify('A'.repeat(43))).json()).toEqual(FAILED);
    await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: 'dr.late@example.com' }, remoteAddress: nextIp() });
    const resetToken = new URL(t.mailer.lastTo('dr.late@example.com')!.link!).searchParams.get('token')!;
    expect((await verify(resetToken)).statusCode).toBe(400);
    expect(await isVerified('dr.late@example.com')).toBe(false);
  });

  it('mails a new link on request; the newest link verifies and retires the older ones', async () => {
    const { token: first, headers } = await registerAndReadMail('dr.resend@example.com');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend/', headers, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: 'Verification email sent. Please check your inbox.' });
    const second = new URL(t.mailer.lastTo('dr.resend@example.com')!.link!).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await verify(second)).statusCode).toBe(200);
    expect((await verify(first)).statusCode).toBe(400);
    const done = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend/', headers, remoteAddress: nextIp() });
    expect(done.json()).toEqual({ detail: 'Your email address is already verified.' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend/' })).statusCode).toBe(401);
  });
});
