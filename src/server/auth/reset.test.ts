import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { createTestUser, GOOD_PASSWORD, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { hashOpaqueToken } from './opaque-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestUser(t.database.db, { email: 'dr.kamran@example.com', isVerified: false });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Retractor-Blade-51';
const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email }, remoteAddress: nextIp() });
const confirm = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password/confirm/', payload });
const login = (password: string, email = 'dr.kamran@example.com') => t.app.inject({
  method: 'POST', url: '/api/auth/login/', payload: { email, password }, remoteAddress: nextIp(),
});
async function mailedToken(email = 'dr.kamran@example.com'): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(200);
  const link = new URL(t.mailer.lastTo(email)!.link!);
  expect(`${link.origin}${link.pathname}`).toBe('http://shop.test/reset-password');
  return link.searchParams.get('token')!;
}

describe('POST /api/auth/reset-password/', () => {
  it('answers the same for known and unknown emails, and mails only the known one a link valid 1 hour', async () => {
    const mails = t.mailer.sent.length;
    const known = await requestReset('DR.KAMRAN@example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ detail: 'If an account exists for this email, we have sent a link to reset the password.' });
    expect(t.mailer.sent.length).toBe(mails + 1);
    const mail = t.mailer.lastTo('dr.kamran@example.com')!;
    expect(mail.subject).toBe('Sialkot Surgical: Reset your password');
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain('Sialkot Surgical');
    const token = new URL(mail.link!).searchParams.get('token')!;
    const [row] = await t.database.db.select().from(userTokens).where(eq(userTokens.tokenHash, hashOpaqueToken(token)));
    expect(row.purpose).toBe('reset_password');
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('refuses a malformed email', async () => {
    const res = await requestReset('kamran');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ['Enter a valid email address.'] });
  });
});

describe('POST /api/auth/reset-password/confirm/', () => {
  it('sets the password once, verifies the email and signs out every session', async () => {
    const sessions = [(await login(GOOD_PASSWORD)).json(), (await login(GOOD_PASSWORD)).json()];
    const token = await mailedToken();
    const res = await confirm({ token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toMatch(/password has been reset/);

    expect((await login(GOOD_PASSWORD)).statusCode).toBe(401);
    const signedIn = await login(NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.is_verified).toBe(true);
    for (const session of sessions) {
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: session.refreshToken } });
      expect(refreshed.statusCode).toBe(401);
    }

    const again = await confirm({ token, password: 'Another-Blade-77', password_confirm: 'Another-Blade-77' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: 'Invalid or expired reset token', errors: { token: ['Invalid or expired reset token'] } });
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link older than 1 hour', async () => {
    const token = await mailedToken();
    await t.database.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashOpaqueToken(token)));
    const res = await confirm({ token, password: 'Forceps-Tray-808', password_confirm: 'Forceps-Tray-808' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ token: ['Invalid or expired reset token'] });
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    [{ password: 'short', password_confirm: 'short' }, { password: ['Password must be at least 8 characters long'] }],
    [{ password: 'Forceps-Tray-808', password_confirm: 'Forceps-Tray-809' }, { password_confirm: ['Passwords do not match'] }],
    [{ password: 'password1', password_confirm: 'password1' }, { password: ['This password is too common.'] }],
    [{ password: 'dr.rehman1', password_confirm: 'dr.rehman1' }, { password: ['This password is too similar to the email address.'] }],
  ])('refuses %j and leaves the link usable', async (passwords, errors) => {
    const email = 'dr.rehman@example.com';
    await t.database.db.delete(users).where(eq(users.email, email));
    await createTestUser(t.database.db, { email });
    const token = await mailedToken(email);
    const res = await confirm({ token, ...passwords });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Validation failed', errors, issues: expect.any(Object) });
    expect((await login(GOOD_PASSWORD, email)).statusCode).toBe(200);
    const ok = await confirm({ token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a missing or unknown token', async () => {
    const missing = await confirm({ password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ token: ['Invalid or missing reset token'] });
    const unknown = await confirm({ token: 'A'.repeat(43), password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(unknown.json().errors).toEqual({ token: ['Invalid or expired reset token'] });
  });
});
