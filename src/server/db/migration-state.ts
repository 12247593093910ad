import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from './rows.ts';
import { migrationsFolder, type Database } from './client.ts';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
const latest = Math.max(...journal.entries.map((entry) => entry.when));

/** Whether the database has every migration this build carries (drizzle records each one's `when`). */
export async function migrationsAreCurrent({ db }: Database): Promise<boolean> {
  const [row] = rowsOf<{ applied: string | null }>(await db.execute(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`));
  return Number(row?.applied ?? 0) >= latest;
}
