import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STANDING_ORDER_FREQUENCIES, STANDING_ORDER_RUN_STATUSES } from '../../../contracts/standing-orders.ts';
import { orderRequests, organisationDepartments } from './organisation-purchasing.ts';
import { orders } from './orders.ts';
import { reorderLists } from './reorder-lists.ts';
import { users } from './users.ts';

/**
 * A reorder list or department order guide ordered again on a schedule, for its organisation on invoice terms, by the
 * member who set it up. `order_details` keeps where it ships and under which PO number, as a checkout would.
 */
export const standingOrders = pgTable('standing_orders', {
  id: serial('id').primaryKey(),
  listId: integer('list_id').notNull().references(() => reorderLists.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  departmentId: integer('department_id').references(() => organisationDepartments.id, { onDelete: 'set null' }),
  frequency: text('frequency', { enum: STANDING_ORDER_FREQUENCIES }).notNull(),
  nextRunOn: date('next_run_on', { mode: 'string' }).notNull(),
  /** The run the buyer chose to skip (equal to next_run_on until that run passes). */
  skipRunOn: date('skip_run_on', { mode: 'string' }),
  /** The run whose advance notice was mailed. */
  noticeSentFor: date('notice_sent_for', { mode: 'string' }),
  orderDetails: jsonb('order_details').$type<Record<string, unknown>>().notNull(),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('standing_orders_list_key').on(t.listId),
  index('standing_orders_due_idx').on(t.nextRunOn).where(sql`paused_at is null`),
]);

/** One period's run of a standing order: at most one per run date, whichever process claims it first. */
export const standingOrderRuns = pgTable('standing_order_runs', {
  id: serial('id').primaryKey(),
  standingOrderId: integer('standing_order_id').notNull().references(() => standingOrders.id, { onDelete: 'cascade' }),
  runOn: date('run_on', { mode: 'string' }).notNull(),
  status: text('status', { enum: STANDING_ORDER_RUN_STATUSES }).notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  orderRequestId: integer('order_request_id').references(() => orderRequests.id, { onDelete: 'set null' }),
  detail: text('detail').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('standing_order_runs_period_key').on(t.standingOrderId, t.runOn),
  check('standing_order_runs_status_check', sql`status in ('placed', 'held', 'skipped', 'failed')`),
]);
