import { index, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** Staff's internal notes on an order: the buyer never sees them. The author is kept by email too, as in the audit. */
export const orderNotes = pgTable('order_notes', {
  id: serial('id').primaryKey(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorEmail: text('author_email').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)]);

/** Staff's internal notes on a customer. */
export const customerNotes = pgTable('customer_notes', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorEmail: text('author_email').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('customer_notes_user_idx').on(t.userId, t.createdAt)]);
