import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** value: basis points for 'percent' (1000 = 10%), USD cents for 'fixed'. Null limits and dates mean none. */
export const promoCodes = pgTable('promo_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
  value: integer('value').notNull(),
  minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  perUserLimit: integer('per_user_limit'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, () => [
  check('promo_codes_upper', sql`code = upper(code)`),
  check('promo_codes_value', sql`value > 0 AND (kind <> 'percent' OR value <= 10000)`),
  check('promo_codes_uses', sql`uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)`),
]);

/** A use of a code by an order; claimed when the order is placed, removed again if its payment fails. */
export const promoRedemptions = pgTable('promo_redemptions', {
  id: serial('id').primaryKey(),
  promoCodeId: integer('promo_code_id').notNull().references(() => promoCodes.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('promo_redemptions_code_user_idx').on(t.promoCodeId, t.userId),
  uniqueIndex('promo_redemptions_order_idx').on(t.orderId),
]);
