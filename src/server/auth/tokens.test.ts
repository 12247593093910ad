import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { createTestUser, GOOD_PASSWORD, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/test-app.ts';
import { hashOpaqueToken } from './opaque-token.ts';
import { createAccessTokens } from './tokens.ts';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ user: { id: userId } } = await createTestUser(t.database.db, { email: 'dr.sana@example.com' }));
});
afterAll(() => t.close());

const signIn = async () => {
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/login/', payload: { email: 'dr.sana@example.com', password: GOOD_PASSWORD }, remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; refreshToken: string };
};
const me = (authorization?: string) =>
  t.app.inject({ url: '/api/auth/me/', headers: authorization ? { authorization } : {} });
const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: token } });
const logout = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/logout/', payload });

describe('access tokens', () => {
  it('are HS256 JWTs for the user, typed access, valid 15 minutes', async () => {
    const { token } = await signIn();
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: userId, typ: 'access' });
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it('open GET /api/auth/me/ with the user in snake_case', async () => {
    const { token } = await signIn();
    const res = await me(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([
      'account_type', 'date_joined', 'email', 'first_name', 'id', 'is_staff', 'is_superuser', 'is_verified', 'last_name',
      'preferences', 'profile', 'staff_role',
    ]);
  });

  it('are required, and refused when malformed, expired, forged, of another type or of a deleted user', async () => {
    expect((await me()).json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const tokens = createAccessTokens(TEST_JWT_SECRET);
    const expired = await tokens.sign(userId, 0, { now: new Date(Date.now() - 16 * 60_000) });
    const forged = await createAccessTokens('another-secret-that-is-long-enough-to-sign').sign(userId, 0);
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const untyped = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setExpirationTime('5m').sign(key);
    const { refreshToken } = await signIn();
    const ghost = await createTestUser(t.database.db, { email: 'ghost@example.com' });
    await t.database.db.delete(users).where(eq(users.id, ghost.user.id));
    for (const header of ['Bearer nonsense', `Bearer ${expired}`, `Bearer ${forged}`, `Bearer ${untyped}`,
      `Bearer ${refreshToken}`, `Basic ${Buffer.from('a:b').toString('base64')}`, 'Bearer', ghost.headers.authorization]) {
      const res = await me(header);
      expect(res.statusCode, header).toBe(401);
      expect(res.json()).toEqual({ detail: 'Given token not valid for any token type' });
    }
    expect((await me(`Bearer ${await tokens.sign(userId, 0, { now: new Date(Date.now() - 14 * 60_000) })}`)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/refresh/', () => {
  it('answers a new access token and a rotated refresh token', async () => {
    const { refreshToken } = await signIn();
    const res = await refresh(refreshToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.refresh).not.toBe(refreshToken);
    expect((await me(`Bearer ${body.access}`)).statusCode).toBe(200);
    expect((await refresh(body.refresh)).statusCode).toBe(200);
  });

  it('keeps refresh tokens only as hashes, in one family per sign-in', async () => {
    const { refreshToken } = await signIn();
    const { refresh: next } = (await refresh(refreshToken)).json();
    const rows = await t.database.db.select().from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
    expect(rows).toHaveLength(1);
    const [successor] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashOpaqueToken(next)));
    expect(rows[0]).toMatchObject({ familyId: successor.familyId, replacedBy: successor.id, revokedAt: expect.any(Date) });
    const days = (successor.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    const all = await t.database.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(all.map((r) => r.hash)).not.toContain(refreshToken);
  });

  it('revokes the whole family when a rotated token is presented again, and leaves other sessions alone', async () => {
    const stolen = await signIn();
    const other = await signIn();
    const { refresh: current } = (await refresh(stolen.refreshToken)).json();
    const replay = await refresh(stolen.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Token is invalid or expired', code: 'TOKEN_NOT_VALID' });
    expect((await refresh(current)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('lets only one of two concurrent refreshes with the same token through, and then revokes the family', async () => {
    const { refreshToken } = await signIn();
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await refresh(winner.refresh)).statusCode).toBe(401);
  });

  it('refuses expired, unknown and missing refresh tokens', async () => {
    const { refreshToken } = await signIn();
    await t.database.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ refresh: ['This field is required.'] });
  });
});

describe('POST /api/auth/logout/', () => {
  it('revokes the presented refresh token and its family', async () => {
    const session = await signIn();
    const other = await signIn();
    const { refresh: rotated } = (await refresh(session.refreshToken)).json();
    const res = await logout({ refresh: rotated });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers the same without a token or with an unknown one', async () => {
    expect((await logout({})).statusCode).toBe(200);
    expect((await logout({ refresh: 'unknown' })).json()).toEqual({ detail: 'Successfully logged out.' });
  });
});
