import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail-outbox.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { rowsOf } from '../db/rows.ts';

/** What caused a mail: shown to staff next to failed mail. */
export type MailKind =
  | 'verification' | 'password_reset' | 'staff_invite' | 'order' | 'quote' | 'recall' | 'licence' | 'back_in_stock'
  | 'contact' | 'organisation' | 'organisation_invite' | 'shipment' | 'return' | 'cart_reminder' | 'standing_order'
  | 'private_label';

export type OutboxMail = MailMessage & { kind: MailKind };

/** The channel that tells every process's outbox worker that mail was committed. */
export const OUTBOX_CHANNEL = 'mail_outbox';
const MESSAGE_ID_DOMAIN = 'mail.sialkotsurgical.example';

/**
 * Writes a mail into the outbox inside the caller's transaction: it goes out only if the change that causes it
 * commits, and the notification wakes the workers only then. The link is not stored apart: it is in the text.
 */
export async function enqueueMail(tx: DbOrTx, { kind, to, subject, text, html }: OutboxMail): Promise<void> {
  await tx.insert(mailOutbox).values({ messageId: `<${randomUUID()}@${MESSAGE_ID_DOMAIN}>`, kind, to, subject, text, html });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Mail waiting to be sent (pending or being sent): for readiness and metrics. */
export async function outboxDepth(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`));
  return Number(row?.n ?? 0);
}

/** Mail given up on after a day of retries, until staff send it again: for readiness and metrics. */
export async function failedMailCount(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from mail_outbox where status = 'failed'`));
  return Number(row?.n ?? 0);
}
