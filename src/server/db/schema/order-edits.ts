import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ORDER_EDIT_KINDS } from '../../../contracts/order-edits.ts';
import { orders } from './orders.ts';
import { refunds } from './refunds.ts';
import { users } from './users.ts';

/**
 * A change staff made to an order before it shipped: the address, a line's quantity, or a line removed. `before` and
 * `after` keep what changed (a removed line's whole row in `before`), with the order's total either side and the
 * refund of the difference when one was due.
 */
export const orderEdits = pgTable('order_edits', {
  id: serial('id').primaryKey(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ORDER_EDIT_KINDS }).notNull(),
  /** The line changed or removed (no foreign key: a removed line's row is gone, and kept in `before`). */
  orderItemId: integer('order_item_id'),
  before: jsonb('before').notNull(),
  after: jsonb('after').notNull(),
  totalBeforeCents: integer('total_before_cents').notNull(),
  totalAfterCents: integer('total_after_cents').notNull(),
  refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorEmail: text('author_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('order_edits_order_idx').on(t.orderId, t.createdAt)]);
