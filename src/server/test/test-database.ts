import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { openPglite, openPostgres, type Database, type QueryObserver } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the PostgreSQL server named
 * by TEST_DATABASE_URL (dropped again on close; `url` names it for other processes). Both are copies of the database
 * the server tests' global setup migrated once (database-template.ts).
 */
export async function createTestDatabase(url = process.env.TEST_DATABASE_URL, observer: QueryObserver = {}): Promise<Database & { url?: string }> {
  if (!url) {
    const template = process.env.PGLITE_TEMPLATE;
    if (template) return openPglite(undefined, new Blob([readFileSync(template)]), observer);
    const database = await openPglite(undefined, undefined, observer);
    await database.migrate();
    return database;
  }
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  // The server tests' migrated template, on the server it was made on; a database elsewhere is migrated here.
  const template = url === process.env.TEST_DATABASE_URL ? process.env.PG_TEMPLATE_DB : undefined;
  await admin.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openPostgres(testUrl.toString(), { max: 4, ...observer });
  if (!template) await database.migrate();
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
