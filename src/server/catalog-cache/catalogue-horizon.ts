import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

const DAY_MS = 86_400_000;

/**
 * The first moment after `now` at which a catalogue answer may change with no write: the next flash-sale start or
 * end (prices, the sales on show), or the next UTC midnight (documents issued or expiring, lots expiring by day).
 */
export async function catalogueHorizon(db: Db, now: number): Promise<number> {
  const at = new Date(now).toISOString();
  const [row] = rowsOf<{ next: Date | string | null }>(await db.execute(sql`select least(
    (select min(starts_at) from flash_sales where starts_at > ${at}::timestamptz),
    (select min(ends_at) from flash_sales where ends_at > ${at}::timestamptz)) as next`));
  const midnight = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  return row.next === null ? midnight : Math.min(midnight, new Date(row.next).getTime());
}
