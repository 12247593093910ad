import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

export const queryOf = ({ db }: Database): RunQuery => async (text) => rowsOf(await db.execute(sql.raw(text)));

/** Every table of the shop (its own and the migrations' bookkeeping) with its number of rows. */
export async function tableCounts(query: RunQuery): Promise<Record<string, number>> {
  const tables = await query(`
    select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables as { name: string }[]) {
    const [row] = await query(`select count(*)::int as n from ${name}`);
    counts[name] = Number(row!.n);
  }
  return counts;
}
