import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Searches kept per user: the 'recent' suggestions show at most 3 of them that contain the typed text, so a few
 * dozen distinct queries are plenty; older ones are deleted on each write.
 */
export const HISTORY_PER_USER = 50;

/** Records a signed-in user's search once (a repeat moves to the top) and prunes the user's history to the newest HISTORY_PER_USER. */
export async function recordSearch(db: Db, userId: string, query: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_history where user_id = ${userId}::uuid and lower(query) = lower(${query})`);
    // Through users, so a token of a deleted account records nothing.
    await tx.execute(sql`insert into search_history (user_id, query) select u.id, ${query} from users u where u.id = ${userId}::uuid`);
    await tx.execute(sql`delete from search_history where user_id = ${userId}::uuid and id <= (
      select id from search_history where user_id = ${userId}::uuid order by created_at desc, id desc offset ${HISTORY_PER_USER} limit 1)`);
  });
}
