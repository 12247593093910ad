import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../db/client.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

interface Journal { entries: { idx: number; tag: string }[] }

/**
 * Applies the migrations up to and including `lastTag` to a fresh PGlite database, the way a shop built at that
 * point in history had it: a test then fills it the old way and runs `database.migrate()` for the rest.
 */
export async function migrateUntil(database: Database, lastTag: string): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
    await migrate(database.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
