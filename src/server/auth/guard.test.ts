import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '#contracts/define';
import type { Database } from '../db/client.ts';
import { registerErrorHandler } from '../lib/error-handler.ts';
import { route } from '../lib/route.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { TEST_JWT_SECRET } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createRequireUser, currentUser, type GuardOptions } from './guard.ts';

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
  for (const [path, options] of guarded) {
    const contract = defineContract({ method: 'GET', path, response: z.object({ email: z.string() }) });
    route(app, contract, async (request) => ({ email: currentUser(request).email }), { preHandler: requireUser(options) });
  }
  await app.ready();
  const db = database.db;
  people.unverified = (await createTestUser(db, { email: 'new@example.com', isVerified: false })).headers;
  people.individual = (await createTestUser(db, { email: 'surgeon@example.com' })).headers;
  people.business = (await createTestUser(db, { email: 'buyer@example.com', accountType: 'business' })).headers;
  people.staff = (await createTestUser(db, { email: 'staff@example.com', isStaff: true })).headers;
  people.superuser = (await createTestUser(db, { email: 'root@example.com', isSuperuser: true, accountType: 'business' })).headers;
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

  it('combines the conditions', async () => {
    expect((await get('/verified-business-staff', 'staff')).statusCode).toBe(403);
    expect((await get('/verified-business-staff', 'superuser')).statusCode).toBe(200);
  });
});
