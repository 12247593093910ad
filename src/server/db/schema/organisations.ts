import { sql } from 'drizzle-orm';
import {
  boolean, check, date, index, integer, pgTable, serial, text, timestamp, unique, uuid,
} from 'drizzle-orm/pg-core';
import { ORGANISATION_STATUSES, PAYMENT_TERMS, PRICE_RULE_KINDS } from '../../../contracts/organisations.ts';
import { categories, products, productVariants } from './catalog.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * A business account's organisation: its hospital name and licence number as submitted for review, the review's
 * outcome, and what staff granted once it is verified (account manager, payment terms, credit limit).
 */
export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  licenceNumber: text('licence_number').notNull(),
  status: text('status', { enum: ORGANISATION_STATUSES }).notNull().default('pending'),
  rejectionReason: text('rejection_reason'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  accountManagerId: uuid('account_manager_id').references(() => users.id, { onDelete: 'set null' }),
  paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull().default('none'),
  creditLimitCents: integer('credit_limit_cents').notNull().default(0),
  /** Every order for it needs a purchase-order number (a department can require one on its own). */
  poRequired: boolean('po_required').notNull().default(false),
  /** The contract the price list carries out ('' for none); outside its dates, when set, the price list does not apply. */
  priceContractNumber: text('price_contract_number').notNull().default(''),
  priceContractStartsOn: date('price_contract_starts_on', { mode: 'string' }),
  priceContractEndsOn: date('price_contract_ends_on', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('organisations_status_submitted_idx').on(t.status, t.submittedAt),
  check('organisations_credit_limit_nonneg', sql`credit_limit_cents >= 0`),
  check('organisations_price_contract_dates', sql`price_contract_ends_on is null or price_contract_starts_on is null
    or price_contract_ends_on >= price_contract_starts_on`),
]);

/**
 * One line of an organisation's price list: a percentage off (basis points) for all products, a category, one
 * product or one variant, or a fixed unit price (cents) for one product or variant. At most one line per target; the
 * narrowest line wins (variant, then product, then category, then all).
 */
export const organisationPrices = pgTable('organisation_prices', {
  id: serial('id').primaryKey(),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: PRICE_RULE_KINDS }).notNull(),
  value: integer('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique('organisation_prices_target_key').on(t.organisationId, t.categoryId, t.productId, t.variantId).nullsNotDistinct(),
  check('organisation_prices_one_target', sql`num_nonnulls(category_id, product_id, variant_id) <= 1`),
  check('organisation_prices_value_positive', sql`value > 0`),
]);

/** An order placed on payment terms: what is owed, by when, and when staff recorded the payment. */
export const orderInvoices = pgTable('order_invoices', {
  orderId: uuid('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  paymentTerms: text('payment_terms', { enum: ['net30', 'net60'] }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('order_invoices_open_idx').on(t.organisationId).where(sql`paid_at IS NULL`)]);
