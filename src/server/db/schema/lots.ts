import { sql } from 'drizzle-orm';
import {
  boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog.ts';
import { orders } from './orders.ts';

/**
 * Stock by lot. A product's inventory item holds the totals; its lots split them: the sums of current and reserved
 * stock over a product's lots always equal the item's columns (the stock ledger changes both in one transaction).
 * The lot without a number is the product's unlabelled stock (opening stock, returns without a lot).
 */
export const stockLots = pgTable('stock_lots', {
  id: serial('id').primaryKey(),
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  lotNumber: text('lot_number'),
  /** Last day of use; null for items that do not expire. */
  expiryDate: date('expiry_date', { mode: 'string' }),
  /** GS1 Global Trade Item Number (14 digits) as scanned. */
  gtin: text('gtin'),
  currentStock: integer('current_stock').notNull().default(0),
  reservedStock: integer('reserved_stock').notNull().default(0),
  /** Set while a recall covers this lot: it is never reserved again. */
  recalledAt: timestamp('recalled_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('stock_lots_variant_lot_idx').on(t.variantId, t.lotNumber),
  uniqueIndex('stock_lots_unlabelled_idx').on(t.variantId).where(sql`lot_number is null`),
  index('stock_lots_expiry_idx').on(t.expiryDate).where(sql`expiry_date is not null`),
  index('stock_lots_gtin_idx').on(t.gtin),
  check('stock_lots_current_nonneg', sql`current_stock >= 0`),
  check('stock_lots_reserved_range', sql`reserved_stock >= 0 AND reserved_stock <= current_stock`),
]);

/** Serial numbers of serialised devices; order_id is set once the unit is held for or shipped on an order. */
export const lotSerials = pgTable('lot_serials', {
  id: serial('id').primaryKey(),
  lotId: integer('lot_id').notNull().references(() => stockLots.id, { onDelete: 'cascade' }),
  serial: text('serial').notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('lot_serials_lot_serial_idx').on(t.lotId, t.serial),
  index('lot_serials_order_idx').on(t.orderId),
]);

/** The lots each order line was reserved and shipped from, with quantities: what a recall traces. */
export const orderLineLots = pgTable('order_line_lots', {
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  lotId: integer('lot_id').notNull().references(() => stockLots.id),
  quantity: integer('quantity').notNull(),
}, (t) => [
  primaryKey({ columns: [t.orderId, t.variantId, t.lotId] }),
  index('order_line_lots_lot_idx').on(t.lotId),
  check('order_line_lots_quantity_positive', sql`quantity > 0`),
]);

/** Handling flags shown as badges and filterable in the catalogue; a product without a row has none. */
export const productHandling = pgTable('product_handling', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  sterile: boolean('sterile').notNull().default(false),
  singleUse: boolean('single_use').notNull().default(false),
  latexFree: boolean('latex_free').notNull().default(false),
  coldChain: boolean('cold_chain').notNull().default(false),
});
