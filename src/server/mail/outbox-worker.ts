import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../lib/mailer.ts';
import { rowsOf } from '../db/rows.ts';
import { OUTBOX_CHANNEL } from './outbox.ts';

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
export const LEASE_MS = 5 * 60_000;
const BATCH = 20;

interface ClaimedMail {
  id: number;
  message_id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  created_at: Date | string;
}

export interface OutboxWorkerOptions {
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How long a claim holds before another process may send the mail again (a process killed mid-send). */
  leaseMs?: number;
  /** How often to look for due mail (retries, and mail a notification did not announce); 0: only when notified. */
  pollMs?: number;
  now?: () => Date;
}

export interface OutboxWorker {
  /** Sends every due mail; resolves when none is left that this call could claim. Answers how many were sent. */
  drain(): Promise<number>;
  /** Starts sending on every committed enqueue (LISTEN) as well as when called. */
  start(): Promise<void>;
  /** Stops listening and waits for the mail in flight. */
  stop(): Promise<void>;
}

/** The wait before the next attempt after `attempts` failed ones: 30 s, doubling, at most an hour. */
export const retryDelayMs = (attempts: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/**
 * Sends the outbox. A mail is claimed (status `sending`, `for update skip locked`) before it is sent, so two
 * processes never send the same one; a claim left by a killed process expires after the lease and the mail is sent
 * again with the same Message-ID, which lets receivers drop the copy. A failed send is retried with backoff for up to
 * a day from the mail's creation, then the mail is marked failed for staff to send again.
 */
export function createOutboxWorker({
  database, mailer, log, leaseMs = LEASE_MS, pollMs = 1000, now = () => new Date(),
}: OutboxWorkerOptions): OutboxWorker {
  const { db } = database;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  let listening: { close(): Promise<void> } | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function claim(): Promise<ClaimedMail[]> {
    const at = now();
    return rowsOf<ClaimedMail>(await db.execute(sql`
      update mail_outbox set status = 'sending', attempts = attempts + 1,
        lease_until = ${new Date(at.getTime() + leaseMs).toISOString()}::timestamptz
      where id in (
        select id from mail_outbox
        where (status = 'pending' and next_attempt_at <= ${at.toISOString()}::timestamptz)
           or (status = 'sending' and lease_until < ${at.toISOString()}::timestamptz)
        order by next_attempt_at, id limit ${BATCH} for update skip locked)
      returning id, message_id, "to", subject, text, html, attempts, created_at`));
  }

  async function sendOne(mail: ClaimedMail): Promise<boolean> {
    try {
      await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.message_id });
    } catch (error) {
      const at = now();
      const next = new Date(at.getTime() + retryDelayMs(mail.attempts));
      const giveUp = next.getTime() - new Date(mail.created_at).getTime() > GIVE_UP_AFTER_MS;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db.execute(sql`update mail_outbox set status = ${giveUp ? 'failed' : 'pending'},
        next_attempt_at = ${next.toISOString()}::timestamptz, lease_until = null, last_error = ${reason}
        where id = ${mail.id} and status = 'sending'`);
      log.warn({ mailId: mail.id, attempts: mail.attempts, failed: giveUp, reason }, giveUp ? 'mail failed for good' : 'sending mail failed, will retry');
      return false;
    }
    await db.execute(sql`update mail_outbox set status = 'sent', sent_at = ${now().toISOString()}::timestamptz,
      lease_until = null, last_error = null where id = ${mail.id}`);
    return true;
  }

  async function run(): Promise<number> {
    let sent = 0;
    do {
      again = false;
      for (;;) {
        const claimed = await claim();
        for (const mail of claimed) if (await sendOne(mail)) sent++;
        if (claimed.length < BATCH || stopped) break;
      }
    } while (again && !stopped);
    return sent;
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => { running = undefined; });
    return running;
  }

  return {
    drain,
    async start() {
      stopped = false;
      const wake = () => {
        if (!stopped) drain().catch((error: unknown) => log.error({ err: error }, 'outbox worker failed'));
      };
      // A lost listening connection is not woken on: the database is likely away, and the poll below finds any mail
      // whose notification was missed once it is back.
      listening = await database.listen(OUTBOX_CHANNEL, wake, () => {});
      if (pollMs > 0) {
        timer = setInterval(wake, pollMs);
        timer.unref();
      }
      wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listening?.close();
      listening = undefined;
      await running?.catch(() => 0);
    },
  };
}
