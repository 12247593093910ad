import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MAIL_PAGE_SIZE, resendMail as resendMailContract, type listMail, type OutboxMail } from '#contracts/staff-mail';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail-outbox.ts';
import { apiError, notFound } from '../lib/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';

type MailRow = typeof mailOutbox.$inferSelect;

const view = (row: MailRow): OutboxMail => ({
  id: row.id, to: row.to, subject: row.subject, kind: row.kind, status: row.status, attempts: row.attempts,
  lastError: row.lastError, createdAt: row.createdAt.toISOString(),
});

/** Outgoing mail, newest first, one status or all. */
export async function listOutboxMail(db: Db, query: z.infer<typeof listMail.query>) {
  const where: SQL | undefined = query.status ? eq(mailOutbox.status, query.status) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(mailOutbox).where(where);
  const rows = await db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(MAIL_PAGE_SIZE).offset((query.page - 1) * MAIL_PAGE_SIZE);
  return { count: total, page: query.page, pageSize: MAIL_PAGE_SIZE, results: rows.map(view) };
}

/**
 * Sends a mail again: pending and due now. A failed mail's day of retries is over, so it gets this one attempt (and
 * is failed again, with the new error, if the mail server still refuses it). A mail being sent
 * right now is left to its sender; a sent one is refused, so a double click never mails twice.
 */
export async function resendOutboxMail(db: Db, actor: Actor, id: number): Promise<OutboxMail> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
    const [row] = await tx.update(mailOutbox).set({
      status: 'pending', nextAttemptAt: sql`now()`, leaseUntil: null,
    }).where(and(eq(mailOutbox.id, id), sql`${mailOutbox.status} in ('failed', 'pending')`)).returning();
    if (!row) return undefined;
    await recordAudit(tx, actor, {
      action: 'mail.resend', entity: 'mail', entityId: String(id), before: before && view(before), after: view(row),
    });
    await tx.execute(sql`select pg_notify('mail_outbox', '')`);
    return row;
  });
  if (row) return view(row);
  const [current] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!current) throw notFound('No such mail.');
  if (current.status === 'sent') throw apiError(resendMailContract, 'ALREADY_SENT', 409, 'This mail was sent already.');
  return view(current);
}
