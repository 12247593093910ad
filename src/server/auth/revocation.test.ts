import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, GOOD_PASSWORD, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestUser(t.database.db, { email: 'dr.sana@example.com' });
  await createTestUser(t.database.db, { email: 'dr.omar@example.com' });
  await createTestUser(t.database.db, { email: 'dr.hina@example.com' });
});
afterAll(() => t.close());

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const signIn = async (password = GOOD_PASSWORD, { email = 'dr.sana@example.com', userAgent }: { email?: string; userAgent?: string } = {}) => {
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/login/', payload: { email, password }, remoteAddress: nextIp(),
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; refreshToken: string };
};
const me = (token: string) => t.app.inject({ url: '/api/auth/me/', headers: { authorization: `Bearer ${token}` } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

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

  it("on a password change: every other session's at once, while this device carries on", async () => {
    const omar = { email: 'dr.omar@example.com' };
    const laptop = await signIn(GOOD_PASSWORD, omar);
    const phone = await signIn(GOOD_PASSWORD, omar);
    const password = 'Retractor-Hook-77';
    // The access token alone names the session that goes on: no refresh token is sent.
    const changed = await t.app.inject({
      method: 'POST', url: '/api/auth/change-password/', headers: bearer(laptop.token), remoteAddress: nextIp(),
      payload: { current_password: GOOD_PASSWORD, new_password: password, new_password_confirm: password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(phone.token)).statusCode).toBe(401);
    expect((await me(laptop.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: laptop.refreshToken } })).statusCode).toBe(200);
  });

  it("on signing out another session: that session's, and no other", async () => {
    const hina = { email: 'dr.hina@example.com' };
    const laptop = await signIn(GOOD_PASSWORD, hina);
    const phone = await signIn(GOOD_PASSWORD, { ...hina, userAgent: PHONE });
    const tablet = await signIn(GOOD_PASSWORD, hina);
    const { sessions } = (await t.app.inject({ url: '/api/auth/sessions/', headers: bearer(laptop.token) }))
      .json() as { sessions: { id: string; os: string | null }[] };
    const phoneSession = sessions.find((session) => session.os === 'iPhone')!;
    expect((await me(phone.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}/`, headers: bearer(laptop.token) })).statusCode)
      .toBe(200);
    expect((await me(phone.token)).statusCode).toBe(401);
    expect((await me(laptop.token)).statusCode).toBe(200);
    expect((await me(tablet.token)).statusCode).toBe(200);
  });
});
