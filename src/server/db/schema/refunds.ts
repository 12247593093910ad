import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_CURRENCIES } from '../../../contracts/payment.ts';
import { REFUND_STATUSES } from '../../../contracts/refunds.ts';
import { orders } from './orders.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * Money given back from a captured payment: several per payment, never more in all (failed ones aside) than it
 * captured. `amount_minor` is in the payment's currency; `amount_usd_cents` is what staff asked for in dollars.
 */
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  paymentId: uuid('payment_id').notNull().references(() => payments.id, { onDelete: 'cascade' }),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency', { enum: PAYMENT_CURRENCIES }).notNull(),
  amountUsdCents: integer('amount_usd_cents').notNull(),
  status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
  reason: text('reason').notNull(),
  /** The gateway's reference for the refund, once it took it. */
  gatewayReference: text('gateway_reference'),
  /** The transfer reference staff gave for a refund they made themselves (status manual). */
  manualReference: text('manual_reference'),
  /** Why the gateway refused it (status failed). */
  failureMessage: text('failure_message'),
  /** The Idempotency-Key of the request that asked for it: one refund per staff member and key. */
  idempotencyKey: text('idempotency_key'),
  /** Who asked for it: staff, or the buyer cancelling a paid order; null for refunds recorded before this table. */
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('refunds_order_idx').on(t.orderId, t.createdAt),
  index('refunds_payment_idx').on(t.paymentId),
  uniqueIndex('refunds_created_by_key_idx').on(t.createdBy, t.idempotencyKey),
  check('refunds_amount_positive', sql`${t.amountMinor} > 0`),
]);
