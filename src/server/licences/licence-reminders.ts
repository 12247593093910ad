import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { enqueueMail } from '../mail/outbox.ts';
import type { FastifyBaseLogger } from 'fastify';
import { REMINDER_DAYS } from '#contracts/licences';
import type { Db } from '../db/client.ts';
import { licenceReminders, licences } from '../db/schema/licences.ts';
import { users } from '../db/schema/users.ts';
import { licenceReminderMail } from './licence-mail.ts';
import { dayOf } from './licence-view.ts';

const DAY_MS = 86_400_000;
const LONGEST = Math.max(...REMINDER_DAYS);

export interface ReminderDeps {
  db: Db;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The reminder due with this many days left: the nearest of 90, 30 and 7 at or above it. */
export const reminderDue = (daysLeft: number): number | undefined =>
  [...REMINDER_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days);

/**
 * Mails each verified licence's owner 90, 30 and 7 days before it expires, each reminder once (claimed before it is
 * sent, so concurrent sweeps never mail twice). A reminder whose day was missed is not sent late once a nearer one is
 * due, and licences already renewed (a later verified or pending licence on file) are left alone. Answers how many.
 */
export async function sendLicenceReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  const today = dayOf(now);
  const horizon = dayOf(new Date(Date.parse(`${today}T00:00:00Z`) + LONGEST * DAY_MS));
  const due = await deps.db.select({
    id: licences.id, licenceNumber: licences.licenceNumber, expiresOn: licences.expiresOn,
    email: users.email, firstName: users.firstName, language: users.language,
  }).from(licences).innerJoin(users, eq(users.id, licences.userId))
    .where(and(
      eq(licences.status, 'verified'), gte(licences.expiresOn, today), lte(licences.expiresOn, horizon),
      sql`not exists (select 1 from licences renewal where renewal.user_id = ${licences.userId} and renewal.id <> ${licences.id}
        and renewal.status in ('verified', 'pending') and renewal.expires_on > ${licences.expiresOn})`,
    ));
  let sent = 0;
  for (const licence of due) {
    const daysLeft = daysBetween(today, licence.expiresOn);
    const daysBefore = reminderDue(daysLeft);
    if (daysBefore === undefined) continue;
    const [earlier] = await deps.db.select({ daysBefore: licenceReminders.daysBefore }).from(licenceReminders)
      .where(and(eq(licenceReminders.licenceId, licence.id), lte(licenceReminders.daysBefore, daysBefore)));
    if (earlier) continue;
    // The claim and the mail are written together; the outbox sends it (and retries while the mail server is down).
    const claimed = await deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(licenceReminders).values({ licenceId: licence.id, daysBefore, sentAt: now })
        .onConflictDoNothing().returning({ licenceId: licenceReminders.licenceId });
      if (row) await enqueueMail(tx, { kind: 'licence', ...licenceReminderMail(licence, licence, daysLeft, `${deps.publicUrl}/profile/licences`) });
      return row;
    });
    if (claimed) sent++;
  }
  return sent;
}
