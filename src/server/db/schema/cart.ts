import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { flashSales, products } from './catalog.ts';
import { promoCodes } from './promo.ts';
import { users } from './users.ts';

/** One cart per user, created on first use. */
export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  cartId: integer('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  /** The flash sale the line was last priced at, so the cart can say when that price has ended. */
  flashSaleId: integer('flash_sale_id').references(() => flashSales.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('cart_items_cart_product_idx').on(t.cartId, t.productId),
  check('cart_items_quantity_positive', sql`quantity > 0`),
]);
