import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import { createTestUser, GOOD_PASSWORD, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestUser(t.database.db, { email: 'dr.hassan@example.com', accountType: 'individual', isVerified: false });
  await createTestUser(t.database.db, { email: 'buyer@services-hospital.example', accountType: 'business' });
});
afterAll(() => t.close());

const login = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/', payload, remoteAddress: nextIp() });

const INVALID = { detail: 'Invalid credentials', errors: { non_field_errors: ['Invalid credentials'] } };

describe('POST /api/auth/login/', () => {
  it('answers token, refreshToken and the user, also before the email is verified', async () => {
    const res = await login({ email: 'Dr.Hassan@Example.com', password: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'token', 'user']);
    // Tokens are never kept by a browser's cache or a proxy.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.user).toMatchObject({ email: 'dr.hassan@example.com', account_type: 'individual', is_verified: false });
    const me = await t.app.inject({ url: '/api/auth/me/', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'dr.hassan@example.com'));
    expect(Date.now() - row.lastLoginAt!.getTime()).toBeLessThan(10_000);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const unknown = await login({ email: 'nobody@example.com', password: GOOD_PASSWORD });
    const wrong = await login({ email: 'dr.hassan@example.com', password: 'Scalpel-Blade-23' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(INVALID);
    expect(wrong.json()).toEqual(INVALID);
  });

  it('takes about as long for an unknown email as for a wrong password (both verify an argon2id hash)', async () => {
    const time = async (payload: object) => {
      const started = performance.now();
      await login(payload);
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await time({ email: `nobody${i}@example.com`, password: GOOD_PASSWORD }));
      wrong.push(await time({ email: 'buyer@services-hospital.example', password: `Wrong-password-${i}` }));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1];
    // Without the dummy verification an unknown email would answer in about a millisecond, dozens of times faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 4);
    expect(median(unknown)).toBeLessThan(median(wrong) * 4);
  });

  it('signs an account in as its own type, whichever tab the sign-in page was on', async () => {
    const business = await login({ email: 'buyer@services-hospital.example', password: GOOD_PASSWORD, account_type: 'individual' });
    expect(business.statusCode).toBe(200);
    expect(business.json().user).toMatchObject({ email: 'buyer@services-hospital.example', account_type: 'business' });
    const individual = await login({ email: 'dr.hassan@example.com', password: GOOD_PASSWORD, account_type: 'business' });
    expect(individual.statusCode).toBe(200);
    expect(individual.json().user).toMatchObject({ account_type: 'individual' });
    const matching = await login({ email: 'dr.hassan@example.com', password: GOOD_PASSWORD, account_type: 'individual' });
    expect(matching.statusCode).toBe(200);
  });

  it('does not reveal the account type to someone without the password', async () => {
    const res = await login({ email: 'buyer@services-hospital.example', password: 'not-the-password', account_type: 'individual' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it.each([
    [{ password: GOOD_PASSWORD }, { email: ['This field is required.'] }],
    [{ email: 'dr.hassan@example.com' }, { password: ['This field is required.'] }],
    [{ email: 'not an email', password: GOOD_PASSWORD }, { email: ['Enter a valid email address.'] }],
    [{ email: 'dr.hassan@example.com', password: GOOD_PASSWORD, account_type: 'clinic' }, { account_type: ['Choose individual or business.'] }],
  ])('refuses %j with per-field errors', async (payload, errors) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(errors);
  });
});
