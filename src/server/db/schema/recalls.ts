import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** A recall of some lots of one product. */
export const recalls = pgTable('recalls', {
  id: serial('id').primaryKey(),
  variantId: integer('variant_id').notNull().references(() => productVariants.id),
  lotNumbers: text('lot_numbers').array().notNull(),
  reason: text('reason').notNull(),
  openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('recalls_opened_idx').on(t.openedAt)]);

/** One affected order of a recall: its buyer was mailed, sees a banner on the order, and acknowledges it once. */
export const recallNotices = pgTable('recall_notices', {
  id: serial('id').primaryKey(),
  recallId: integer('recall_id').notNull().references(() => recalls.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Units of the recalled lots on the order, with the lot numbers they came from. */
  quantity: integer('quantity').notNull(),
  lotNumbers: text('lot_numbers').array().notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('recall_notices_recall_order_idx').on(t.recallId, t.orderId),
  index('recall_notices_user_idx').on(t.userId),
  check('recall_notices_quantity_positive', sql`quantity > 0`),
]);
