import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog.ts';
import { users } from './users.ts';

/** Notify When Available: waiting while notified_at is null; mailed once, then spent. */
export const stockNotifications = pgTable('stock_notifications', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('stock_notifications_user_variant_idx').on(t.userId, t.variantId),
  index('stock_notifications_waiting_idx').on(t.variantId).where(sql`notified_at IS NULL`),
]);
