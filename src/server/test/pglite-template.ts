import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../db/client.ts';

/**
 * Vitest global setup for the server tests: migrates one PGlite database and dumps it, so each test file loads the
 * dump (about half a second) instead of creating and migrating its own (about five). The path reaches the test
 * workers through PGLITE_TEMPLATE.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-pglite-template-'));
  const database = await openPglite();
  await database.migrate();
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  return () => rmSync(folder, { recursive: true, force: true });
}
