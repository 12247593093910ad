import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { openPglite, openPostgres, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite (loaded from the dump that the server tests' global
 * setup migrated once, see pglite-template.ts), or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close; `url` names it for other processes).
 */
export async function createTestDatabase(url = process.env.TEST_DATABASE_URL): Promise<Database & { url?: string }> {
  if (!url) {
    const template = process.env.PGLITE_TEMPLATE;
    if (template) return openPglite(undefined, new Blob([readFileSync(template)]));
    const database = await openPglite();
    await database.migrate();
    return database;
  }
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openPostgres(testUrl.toString(), { max: 4 });
  await database.migrate();
  return {
    ...database,
    url: testUrl.toString(),
    close: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
