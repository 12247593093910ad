import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories, products } from './catalog.ts';
import { users } from './users.ts';
import { BLOCK_REASONS, LICENCE_STATUSES, LICENCE_TYPES } from '../../../contracts/licences.ts';

/** A licence document uploaded by a business account; the file itself lives under DATA_DIR/licences/. */
export const licences = pgTable('licences', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  licenceType: text('licence_type', { enum: LICENCE_TYPES }).notNull(),
  licenceNumber: text('licence_number').notNull(),
  /** Valid through this day. */
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  status: text('status', { enum: LICENCE_STATUSES }).notNull().default('pending'),
  rejectionReason: text('rejection_reason').notNull().default(''),
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  fileName: text('file_name').notNull(),
  /** Random name of the stored file, never derived from what the client sent. */
  storedName: text('stored_name').notNull().unique(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('licences_user_idx').on(t.userId, t.createdAt),
  index('licences_status_idx').on(t.status, t.createdAt),
]);

/** One row per reminder mailed; the unique index makes each reminder go out once. */
export const licenceReminders = pgTable('licence_reminders', {
  licenceId: integer('licence_id').notNull().references(() => licences.id, { onDelete: 'cascade' }),
  daysBefore: integer('days_before').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('licence_reminders_once_idx').on(t.licenceId, t.daysBefore)]);

/** A checkout refused because a restricted product needed a licence the buyer did not hold. */
export const licenceBlocks = pgTable('licence_blocks', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  reason: text('reason', { enum: BLOCK_REASONS }).notNull(),
  licenceId: integer('licence_id').references(() => licences.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('licence_blocks_created_idx').on(t.createdAt)]);
