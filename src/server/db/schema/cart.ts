import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { flashSales, productVariants } from './catalog.ts';
import { promoCodes } from './promo.ts';
import { users } from './users.ts';

/** One cart per user, created on first use. */
export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When its owner was last reminded of it; a cart changed since then may be reminded of again. */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
}, (t) => [index('carts_updated_idx').on(t.updatedAt)]);

/** Reminders of carts left behind: one row (id 1), set by staff. No discount unless a promo code is named. */
export const cartReminderSettings = pgTable('cart_reminder_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(true),
  /** How long a cart holding items stays untouched before its owner is reminded. */
  idleHours: integer('idle_hours').notNull().default(24),
  promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, () => [
  check('cart_reminder_settings_single', sql`id = 1`),
  check('cart_reminder_settings_idle_hours', sql`idle_hours between 1 and 720`),
]);

export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  cartId: integer('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  /** The flash sale the line was last priced at, so the cart can say when that price has ended. */
  flashSaleId: integer('flash_sale_id').references(() => flashSales.id, { onDelete: 'set null' }),
  /** A customised set's components, [{ variant_id, quantity }] per set; null for anything else (a standard set too). */
  setComponents: jsonb('set_components').$type<{ variant_id: number; quantity: number }[]>(),
  /** What tells two customisations of one set apart: '' for the standard set and for anything else. */
  configurationKey: text('configuration_key').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('cart_items_cart_variant_idx').on(t.cartId, t.variantId, t.configurationKey),
  check('cart_items_quantity_positive', sql`quantity > 0`),
]);
