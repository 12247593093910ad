import { and, asc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { addDays, NOTICE_DAYS, shopDay } from '#contracts/standing-orders';
import type { Db } from '../db/client.ts';
import { standingOrders } from '../db/schema/standing-orders.ts';
import { mailRunNotice } from './standing-order-mail.ts';
import { standingLines } from './standing-lines.ts';

/** Due within NOTICE_DAYS, after today, not skipped, its notice not sent yet. */
const noticeDue = (today: string) => and(
  isNull(standingOrders.pausedAt), gt(standingOrders.nextRunOn, today), lte(standingOrders.nextRunOn, addDays(today, NOTICE_DAYS)),
  or(isNull(standingOrders.skipRunOn), ne(standingOrders.skipRunOn, standingOrders.nextRunOn)),
  or(isNull(standingOrders.noticeSentFor), ne(standingOrders.noticeSentFor, standingOrders.nextRunOn)),
);

/**
 * Mails each buyer once per run, up to two days before it: the run is claimed (`notice_sent_for` set to its date) in
 * the transaction that writes the mail, by a statement that only succeeds while the notice is still due, so two
 * sweeps at once send it once. Answers how many were mailed.
 */
export async function sendRunNotices(deps: { db: Db; publicUrl: string }, now: Date): Promise<number> {
  const today = shopDay(now);
  const due = await deps.db.select().from(standingOrders).where(noticeDue(today)).orderBy(asc(standingOrders.id));
  let mailed = 0;
  for (const row of due) {
    const sent = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx.update(standingOrders).set({ noticeSentFor: sql`${standingOrders.nextRunOn}` })
        .where(and(eq(standingOrders.id, row.id), eq(standingOrders.nextRunOn, row.nextRunOn), noticeDue(today))).returning();
      if (!claimed) return false;
      await mailRunNotice(tx, deps, claimed, await standingLines(tx, claimed.listId));
      return true;
    });
    if (sent) mailed++;
  }
  return mailed;
}
