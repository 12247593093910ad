import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, GOOD_PASSWORD, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestUser(t.database.db, { email: 'dr.sana@example.com' });
});
afterAll(() => t.close());

const signIn = async (password = GOOD_PASSWORD) => {
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/login/', payload: { email: 'dr.sana@example.com', password }, remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; refreshToken: string };
};
const me = (token: string) => t.app.inject({ url: '/api/auth/me/', headers: { authorization: `Bearer ${token}` } });

describe('access tokens end at once', () => {
  it('on sign-out: this device\'s and every other device\'s, which carries on by refreshing', async () => {
    const laptop = await signIn();
    const phone = await signIn();
    expect((await me(laptop.token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: laptop.refreshToken } });

    expect((await me(laptop.token)).statusCode).toBe(401);
    expect((await me(phone.token)).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: phone.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect((await me(refreshed.json().access)).statusCode).toBe(200);
    // The signed-out device cannot come back.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: laptop.refreshToken } })).statusCode).toBe(401);
  });

  it('on a password reset', async () => {
    const session = await signIn();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: 'dr.sana@example.com' }, remoteAddress: nextIp() })).statusCode).toBe(200);
    const token = new URL(t.mailer.lastTo('dr.sana@example.com')!.link!).searchParams.get('token')!;
    const password = 'Retractor-Blade-51';
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/confirm/', payload: { token, password, password_confirm: password } });
    expect(reset.statusCode, reset.body).toBe(200);

    expect((await me(session.token)).statusCode).toBe(401);
    expect((await me((await signIn(password)).token)).statusCode).toBe(200);
  });
});
