import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '#contracts/define';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { registerErrorHandler } from '../lib/error-handler.ts';
import { route } from '../lib/route.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { TEST_JWT_SECRET } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createOptionalUser, createRequireUser, currentUser, type GuardOptions } from './guard.ts';
import { ACCESS_TOKEN_SECONDS, createAccessTokens } from './tokens.ts';

let database: Database;
let app: FastifyInstance;
const people: Record<string, { authorization: string }> = {};

const guarded: [string, GuardOptions | undefined][] = [
  ['/signed-in', undefined],
  ['/verified', { verified: true }],
  ['/business', { accountTypes: ['business'] }],
  ['/staff', { staff: true }],
  ['/verified-business-staff', { verified: true, accountTypes: ['business'], staff: true }],
];

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const requireUser = createRequireUser(database.db, TEST_JWT_SECRET);
  const optionalUser = createOptionalUser(database.db, TEST_JWT_SECRET);
  const maybeSignedIn = defineContract({ method: 'GET', path: '/public', response: z.object({ email: z.string().nullable() }) });
  route(app, maybeSignedIn, async (request) => ({ email: (await optionalUser(request))?.email ?? null }));
  for (const [path, options] of guarded) {
    const contract = defineContract({
      method: 'GET', path, response: z.object({ email: z.string() }), ...(options?.staff ? { staff: ['fulfilment'] as const } : {}),
    });
    route(app, contract, async (request) => ({ email: currentUser(request).email }), { preHandler: requireUser(options) });
  }
  await app.ready();
  const db = database.db;
  people.unverified = (await createTestUser(db, { email: 'new@example.com', isVerified: false })).headers;
  people.individual = (await createTestUser(db, { email: 'surgeon@example.com' })).headers;
  people.business = (await createTestUser(db, { email: 'buyer@example.com', accountType: 'business' })).headers;
  people.staff = (await createTestUser(db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
  people.superuser = (await createTestUser(db, { email: 'root@example.com', isSuperuser: true, accountType: 'business' })).headers;
  people.fulfilment = (await createTestUser(db, { email: 'packer@example.com', staffRole: 'fulfilment' })).headers;
  people.catalogue = (await createTestUser(db, { email: 'editor@example.com', staffRole: 'catalogue' })).headers;
  const leaver = await createTestUser(db, { email: 'leaver@example.com', staffRole: 'fulfilment' });
  people.deactivated = leaver.headers;
  await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, leaver.user.id));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (path: string, who?: string) => app.inject({ url: path, headers: who ? people[who] : {} });

describe('requireUser', () => {
  it('lets any signed-in user through and hands the route the user', async () => {
    const res = await get('/signed-in', 'unverified');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'new@example.com' });
  });

  it('answers 401 without credentials or with a bad token', async () => {
    expect((await get('/signed-in')).json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const bad = await app.inject({ url: '/staff', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: 'Given token not valid for any token type' });
  });

  it('answers 403 to an unverified user where verification is required', async () => {
    const res = await get('/verified', 'unverified');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Email verification required. Please verify your email address to continue.', code: 'EMAIL_NOT_VERIFIED',
    });
    expect((await get('/verified', 'individual')).statusCode).toBe(200);
  });

  it('answers 403 naming both account types when the type does not match', async () => {
    const res = await get('/business', 'individual');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'This requires a business account. Your account is individual.', code: 'ACCOUNT_TYPE_NOT_ALLOWED',
    });
    expect((await get('/business', 'business')).statusCode).toBe(200);
  });

  it('lets staff and superusers through staff routes, and nobody else', async () => {
    const res = await get('/staff', 'business');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Admin access required: this is for staff only.', code: 'STAFF_ONLY' });
    expect((await get('/staff', 'staff')).statusCode).toBe(200);
    expect((await get('/staff', 'superuser')).statusCode).toBe(200);
  });

  it("lets through only the roles the route's contract names, and the owner", async () => {
    expect((await get('/staff', 'fulfilment')).statusCode).toBe(200);
    const res = await get('/staff', 'catalogue');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Your staff role (catalogue) does not open this.', code: 'STAFF_ONLY' });
  });

  it('refuses a deactivated account at once, with the access token it still holds', async () => {
    for (const path of ['/signed-in', '/staff', '/public']) {
      const res = await get(path, 'deactivated');
      expect(res.statusCode, path).toBe(401);
    }
  });

  it('refuses to register a staff contract without the staff guard, or the staff guard on another contract', () => {
    const app = Fastify();
    const staffContract = defineContract({ method: 'GET', path: '/x', response: z.object({}), staff: [] });
    expect(() => route(app, staffContract, async () => ({}))).toThrow(/staff guard/);
    const plain = defineContract({ method: 'GET', path: '/y', response: z.object({}) });
    const requireUser = createRequireUser(database.db, TEST_JWT_SECRET);
    expect(() => route(app, plain, async () => ({}), { preHandler: requireUser({ staff: true }) as never })).toThrow(/staff contract/);
  });

  it('combines the conditions', async () => {
    expect((await get('/verified-business-staff', 'staff')).statusCode).toBe(403);
    expect((await get('/verified-business-staff', 'superuser')).statusCode).toBe(200);
  });
});

describe('optionalUser', () => {
  it('treats a request without an Authorization header as a visitor, and a valid token as its user', async () => {
    expect((await get('/public')).json()).toEqual({ email: null });
    expect((await get('/public', 'unverified')).json()).toEqual({ email: 'new@example.com' });
  });

  it('answers 401 to a token that is there but not valid, so the storefront refreshes the session instead of showing a visitor', async () => {
    const [{ id }] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'new@example.com'));
    const expired = await createAccessTokens(TEST_JWT_SECRET).sign(id, 0, { now: new Date(Date.now() - (ACCESS_TOKEN_SECONDS + 1) * 1000) });
    const ofNobody = await createAccessTokens(TEST_JWT_SECRET).sign(crypto.randomUUID(), 0);
    for (const authorization of ['Bearer abc.def.ghi', `Bearer ${expired}`, `Bearer ${ofNobody}`, 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const res = await app.inject({ url: '/public', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ detail: 'Given token not valid for any token type' });
    }
  });
});
