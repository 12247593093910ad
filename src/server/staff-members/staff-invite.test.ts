import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit.ts';
import { userTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { hashOpaqueToken } from '../auth/opaque-token.ts';
import { createTestUser, GOOD_PASSWORD, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestUser(t.database.db, { email: 'owner@shop.example', staffRole: 'owner' });
});
afterAll(() => t.close());

const USED = 'This invitation link has expired or was already used.';
/** Invites `email` and answers the token of the mailed link. */
async function invited(email: string, role = 'catalogue'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/staff/members/', headers: owner.headers, payload: { email, role } });
  expect(res.statusCode).toBe(201);
  return new URL(t.mailer.lastTo(email)!.link!).searchParams.get('token')!;
}
const status = (token: string) => t.app.inject({ method: 'GET', url: `/api/staff/invite/?token=${encodeURIComponent(token)}` });
const accept = (payload: object) => t.app.inject({
  method: 'POST', url: '/api/staff/invite/accept/', payload: { first_name: 'Imran', last_name: 'Qureshi', password: GOOD_PASSWORD, password_confirm: GOOD_PASSWORD, ...payload },
});

describe('GET /api/staff/invite/', () => {
  it('tells whether a link works and for which email, without signing in', async () => {
    const token = await invited('peek@shop.example');
    const res = await status(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ valid: true, email: 'peek@shop.example' });
    expect((await status('unknown-token')).json()).toEqual({ valid: false, email: null });
  });
});

describe('POST /api/staff/invite/accept/', () => {
  it('sets the name and password, confirms the email, signs the member in and records it', async () => {
    const token = await invited('imran@shop.example');
    const res = await accept({ token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'imran@shop.example', first_name: 'Imran', last_name: 'Qureshi', is_verified: true, staff_role: 'catalogue' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().email).toBe('imran@shop.example');
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: body.refreshToken } });
    expect(refresh.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST', url: '/api/auth/login/', remoteAddress: nextIp(), payload: { email: 'imran@shop.example', password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);

    const members = (await t.app.inject({ method: 'GET', url: '/api/staff/members/', headers: owner.headers })).json().members;
    expect(members.find((m: { email: string }) => m.email === 'imran@shop.example')).toMatchObject({ status: 'active' });
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, body.user.id)).orderBy(auditLog.id);
    expect(trail.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ['staff.invite', 'owner@shop.example'], ['staff.accept', 'imran@shop.example'],
    ]);
  });

  it('refuses a link used once already', async () => {
    const token = await invited('twice@shop.example');
    expect((await accept({ token })).statusCode).toBe(200);
    const again = await accept({ token, password: 'Another-Forceps-77', password_confirm: 'Another-Forceps-77' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ token: [USED] });
    expect((await status(token)).json().valid).toBe(false);
  });

  it('refuses an expired link and changes nothing', async () => {
    const token = await invited('late@shop.example');
    await t.database.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashOpaqueToken(token)));
    const res = await accept({ token });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ token: [USED] });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'late@shop.example'));
    expect(row).toMatchObject({ isVerified: false, firstName: '' });
  });

  it('holds the password to the registration rules and leaves the link working', async () => {
    const token = await invited('weak@shop.example');
    const weak = await accept({ token, password: '12345678', password_confirm: '12345679' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({
      password: ['This password is entirely numeric.'], password_confirm: ['Passwords do not match'],
    });
    const short = await accept({ token, password: 'short', password_confirm: 'short' });
    expect(short.json().errors.password).toContain('Password must be at least 8 characters long');
    const likeEmail = await accept({ token, password: 'weak@shop.example1', password_confirm: 'weak@shop.example1' });
    expect(likeEmail.json().errors.password).toContain('This password is too similar to the email address.');
    const noName = await accept({ token, first_name: '' });
    expect(noName.json().errors).toEqual({ first_name: ['This field is required.'] });
    expect((await status(token)).json().valid).toBe(true);
    expect((await accept({ token })).statusCode).toBe(200);
  });

  it('refuses a missing token', async () => {
    const res = await accept({ token: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ token: [USED] });
  });
});
