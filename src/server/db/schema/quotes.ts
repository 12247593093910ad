import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** Stored states; 'expired' is never stored: it is a sent quote read after its validity date. */
export const STORED_QUOTE_STATUSES = ['requested', 'priced', 'sent', 'accepted', 'declined', 'withdrawn'] as const;

/** A business buyer's request for prices, and the shop's answer. */
export const quotes = pgTable('quotes', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** 'Q-' + 8 Crockford base32 characters from a random source. */
  number: text('number').notNull().unique(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: STORED_QUOTE_STATUSES }).notNull().default('requested'),
  deliveryCity: text('delivery_city').notNull(),
  notes: text('notes').notNull().default(''),
  staffNote: text('staff_note').notNull().default(''),
  /** Last day the quote can be accepted (inclusive, UTC). */
  validUntil: date('valid_until', { mode: 'string' }),
  /** The latest order placed from it: pending while paying; the accepted quote's order once paid. */
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  /** Why the buyer declined or staff withdrew it. */
  decisionReason: text('decision_reason').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** When it was accepted, declined or withdrawn. */
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  index('quotes_user_created_idx').on(t.userId, t.createdAt),
  index('quotes_status_created_idx').on(t.status, t.createdAt),
]);

export const quoteLines = pgTable('quote_lines', {
  id: serial('id').primaryKey(),
  quoteId: uuid('quote_id').notNull().references(() => quotes.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').notNull().references(() => productVariants.id),
  quantity: integer('quantity').notNull(),
  /** USD cents per unit, set by staff. */
  unitPriceCents: integer('unit_price_cents'),
}, (t) => [
  uniqueIndex('quote_lines_quote_variant_idx').on(t.quoteId, t.variantId),
  check('quote_lines_quantity_positive', sql`quantity > 0`),
  check('quote_lines_price_positive', sql`unit_price_cents IS NULL OR unit_price_cents > 0`),
]);
