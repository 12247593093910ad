import { sql } from 'drizzle-orm';
import {
  boolean, check, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import {
  CREDIT_NOTE_KINDS, RETURN_DISPOSITIONS, RETURN_EXCLUSIONS, RETURN_REASONS, RETURN_RESOLUTIONS, RETURN_SHIPPING_PAYERS,
  RETURN_STATUSES, STORE_CREDIT_KINDS,
} from '../../../contracts/returns.ts';
import { products, productVariants } from './catalog.ts';
import { stockLots } from './lots.ts';
import { orderItems, orders } from './orders.ts';
import { organisations } from './organisations.ts';
import { recallNotices } from './recalls.ts';
import { refunds } from './refunds.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The shop's return policy: one row (id 1), set by staff. */
export const returnPolicy = pgTable('return_policy', {
  id: integer('id').primaryKey().default(1),
  /** Days after delivery within which a return may be asked for. */
  windowDays: integer('window_days').notNull().default(30),
  /** Kept back from a "no longer needed" return, in percent of its lines. */
  restockingFeePercent: integer('restocking_fee_percent').notNull().default(15),
  /** Kept back, in US cents, when the reason says the buyer pays the return shipping. */
  returnShippingFeeCents: integer('return_shipping_fee_cents').notNull().default(1500),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, () => [
  check('return_policy_single', sql`id = 1`),
  check('return_policy_ranges', sql`window_days between 0 and 365 and restocking_fee_percent between 0 and 100
    and return_shipping_fee_cents >= 0`),
]);

/** Who pays the return shipping, per reason (recall is always the shop's). */
export const returnReasons = pgTable('return_reasons', {
  code: text('code', { enum: RETURN_REASONS }).primaryKey(),
  shippingPaidBy: text('shipping_paid_by', { enum: RETURN_SHIPPING_PAYERS }).notNull(),
});

/** Products that cannot be returned, and why (sterile packs are refused once opened, whatever this says). */
export const returnExclusions = pgTable('return_exclusions', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  reason: text('reason', { enum: RETURN_EXCLUSIONS }).notNull(),
});

/**
 * A return merchandise authorisation: the buyer's request for some delivered units, staff's decision, what came back
 * and how it was settled. A recall's return is one too (reason recall, no fees, no window).
 */
export const returns = pgTable('returns', {
  id: serial('id').primaryKey(),
  /** 'RMA-' and the id, six digits at least. */
  rma: text('rma').notNull().unique(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id),
  status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
  comment: text('comment').notNull().default(''),
  /** The buyer's photo, a media path under /media/returns/. */
  photoPath: text('photo_path'),
  /** When the buyer declared used instruments cleaned and decontaminated. */
  decontaminationDeclaredAt: timestamp('decontamination_declared_at', { withTimezone: true }),
  recallNoticeId: integer('recall_notice_id').unique().references(() => recallNotices.id, { onDelete: 'set null' }),
  rejectionReason: text('rejection_reason'),
  /** How the goods come back, once approved: a carrier's label or drop-off instructions. */
  labelCarrier: text('label_carrier'),
  labelTrackingNumber: text('label_tracking_number'),
  labelPdf: bytea('label_pdf'),
  dropOffInstructions: text('drop_off_instructions'),
  resolution: text('resolution', { enum: RETURN_RESOLUTIONS }),
  /** US cents kept back by the policy (restocking and return shipping). */
  feesCents: integer('fees_cents').notNull().default(0),
  refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
  exchangeOrderId: uuid('exchange_order_id').references(() => orders.id, { onDelete: 'set null' }),
  /** The Idempotency-Key its resolution was asked with: asked again, it answers the same. */
  resolveKey: text('resolve_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
}, (t) => [
  index('returns_order_idx').on(t.orderId),
  index('returns_status_idx').on(t.status, t.createdAt),
  check('returns_fees_nonneg', sql`fees_cents >= 0`),
]);

/** A line of a return: units of one order line, with the buyer's reason. */
export const returnItems = pgTable('return_items', {
  id: serial('id').primaryKey(),
  returnId: integer('return_id').notNull().references(() => returns.id, { onDelete: 'cascade' }),
  orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  reason: text('reason', { enum: RETURN_REASONS }).notNull(),
  /** The buyer used the instrument (a decontamination declaration comes with it). */
  used: boolean('used').notNull().default(false),
  /** An exchange: the variant sent instead (the same or another size). */
  exchangeVariantId: integer('exchange_variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
}, (t) => [
  index('return_items_return_idx').on(t.returnId),
  index('return_items_order_item_idx').on(t.orderItemId),
  check('return_items_quantity_positive', sql`quantity > 0`),
]);

/** What staff found on receipt, per line and disposition, with the lot and UDI that came back. */
export const returnReceipts = pgTable('return_receipts', {
  id: serial('id').primaryKey(),
  returnItemId: integer('return_item_id').notNull().references(() => returnItems.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  disposition: text('disposition', { enum: RETURN_DISPOSITIONS }).notNull(),
  lotId: integer('lot_id').references(() => stockLots.id, { onDelete: 'set null' }),
  lotNumber: text('lot_number'),
  udi: text('udi'),
  receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('return_receipts_item_idx').on(t.returnItemId),
  check('return_receipts_quantity_positive', sql`quantity > 0`),
]);

/** Gap-free numbering: the last number given per series, taken under the row's lock in the writer's transaction. */
export const documentSequences = pgTable('document_sequences', {
  series: text('series').primaryKey(),
  lastValue: integer('last_value').notNull().default(0),
});

/** A credit note for money given back or credited: numbered in sequence, printed as a PDF that refers to the invoice. */
export const creditNotes = pgTable('credit_notes', {
  id: serial('id').primaryKey(),
  /** 'CN-' and its sequence, six digits at least. */
  number: text('number').notNull().unique(),
  sequence: integer('sequence').notNull().unique(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  returnId: integer('return_id').references(() => returns.id, { onDelete: 'set null' }),
  refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
  kind: text('kind', { enum: CREDIT_NOTE_KINDS }).notNull(),
  /** The lines credited as printed: [{orderItemId, name, variantLabel, modelNumber, quantity, unitPriceCents, totalCents}]. */
  lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
  subtotalCents: integer('subtotal_cents').notNull(),
  feesCents: integer('fees_cents').notNull().default(0),
  taxCents: integer('tax_cents').notNull().default(0),
  totalCents: integer('total_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('credit_notes_order_idx').on(t.orderId),
  check('credit_notes_amounts', sql`subtotal_cents >= 0 and fees_cents >= 0 and tax_cents >= 0 and total_cents >= 0`),
]);

export interface CreditNoteLine {
  orderItemId: number;
  name: string;
  variantLabel: string;
  modelNumber: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

/** A store-credit balance: a buyer's own, or an organisation's shared by its members. Never below zero. */
export const storeCreditAccounts = pgTable('store_credit_accounts', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').unique().references(() => users.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id').unique().references(() => organisations.id, { onDelete: 'cascade' }),
  balanceCents: integer('balance_cents').notNull().default(0),
}, () => [
  check('store_credit_balance_nonneg', sql`balance_cents >= 0`),
  check('store_credit_one_owner', sql`(user_id is null) <> (organisation_id is null)`),
]);

/** The store-credit ledger: the balance is the sum of its signed entries. */
export const storeCreditEntries = pgTable('store_credit_entries', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => storeCreditAccounts.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  kind: text('kind', { enum: STORE_CREDIT_KINDS }).notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  returnId: integer('return_id').references(() => returns.id, { onDelete: 'set null' }),
  creditNoteId: integer('credit_note_id').references(() => creditNotes.id, { onDelete: 'set null' }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('store_credit_entries_account_idx').on(t.accountId, t.createdAt),
  uniqueIndex('store_credit_entries_order_spent_idx').on(t.orderId).where(sql`kind = 'spent'`),
  check('store_credit_entries_nonzero', sql`amount_cents <> 0`),
]);
