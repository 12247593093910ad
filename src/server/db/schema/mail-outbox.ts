import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * Every outgoing mail, written in the same transaction as the change that causes it and sent by the outbox worker
 * (src/server/mail/outbox-worker.ts). `message_id` goes out as the Message-ID header, so a receiver can drop a copy
 * sent twice after a crash between sending and marking it sent.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  messageId: text('message_id').notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  kind: text('kind').notNull(),
  status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** While `sending`: until when the claim holds; a row still `sending` after it is claimed again. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
}, (table) => [
  uniqueIndex('mail_outbox_message_id_unique').on(table.messageId),
  index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
  index('mail_outbox_status_created_idx').on(table.status, table.createdAt),
]);
