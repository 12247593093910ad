import type { PGlite } from '@electric-sql/pglite';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../auth/tokens.ts';
import { createOptionalUser } from '../auth/guard.ts';
import { TEST_JWT_SECRET } from '../test/test-app.ts';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const ID = '00000000-0000-0000-0000-000000000001';

/** A shop migrated up to 0025 with an account, then given token versions. */
describe('migration 0026: token versions', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0025_job_runs');
    await client().exec(`insert into users (id, email, password_hash, first_name, last_name) values ('${ID}', 'a@example.com', 'x', 'A', 'K')`);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps the accounts at version 0, so access tokens signed before it keep working', async () => {
    expect((await client().query('select email, token_version from users')).rows).toEqual([{ email: 'a@example.com', token_version: 0 }]);
    // A token of before: no version in it.
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const before = await new SignJWT({ typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject(ID).setExpirationTime('5m').sign(key);
    const optionalUser = createOptionalUser(database.db, TEST_JWT_SECRET);
    const user = await optionalUser({ headers: { authorization: `Bearer ${before}` } } as never);
    expect(user?.email).toBe('a@example.com');
    expect(await createAccessTokens(TEST_JWT_SECRET).verify(before)).toEqual({ userId: ID, tokenVersion: 0, sessionId: null });
  });
});
