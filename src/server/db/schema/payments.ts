import { sql } from 'drizzle-orm';
import {
  bigint, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_COVERS, PAYMENT_CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../contracts/payment.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * One charge attempt. Card numbers, CVVs and PINs are never stored: only the brand and last four digits of a
 * card, and the masked wallet or account number.
 */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  transactionId: text('transaction_id').notNull().unique(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id),
  method: text('method', { enum: PAYMENT_METHODS }).notNull(),
  /** What of the order it pays: all of it, the deposit taken when it was placed, or the balance paid before it ships. */
  covers: text('covers', { enum: PAYMENT_COVERS }).notNull().default('order'),
  /** What it takes of the order's total (all of it, the deposit or the balance) in minor units of `currency`, before the fee. */
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency', { enum: PAYMENT_CURRENCIES }).notNull(),
  feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
  providerReference: text('provider_reference'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  walletMasked: text('wallet_masked'),
  accountMasked: text('account_masked'),
  failureMessage: text('failure_message'),
  /** Set when the gateway took the money for an order that could no longer be confirmed: the charge goes back. */
  refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('payments_order_idx').on(t.orderId),
  index('payments_user_idx').on(t.userId, t.createdAt),
]);

/**
 * One row per (user, Idempotency-Key): claimed before any work starts (response_status null while running),
 * then holding the answer that a repeated request gets again.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  /** sha256 of the request with card number, CVV and PINs replaced by their masked form. */
  requestHash: text('request_hash').notNull(),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key)]);

/** Units of `quote` per one `base`, e.g. USD→PKR 278.50. */
export const exchangeRates = pgTable('exchange_rates', {
  id: serial('id').primaryKey(),
  base: text('base').notNull(),
  quote: text('quote').notNull(),
  rate: numeric('rate', { precision: 14, scale: 4 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('exchange_rates_pair_idx').on(t.base, t.quote),
  check('exchange_rates_positive', sql`rate > 0`),
]);
