import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { productVariants } from './catalog.ts';
import { users } from './users.ts';

/** Current stock per product; every change is also written to stock_movements (the ledger). */
export const inventoryItems = pgTable('inventory_items', {
  id: serial('id').primaryKey(),
  variantId: integer('variant_id').notNull().unique().references(() => productVariants.id, { onDelete: 'cascade' }),
  currentStock: integer('current_stock').notNull().default(0),
  reservedStock: integer('reserved_stock').notNull().default(0),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  initialStock: integer('initial_stock').notNull().default(0),
  lastStockCheck: timestamp('last_stock_check', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, () => [
  check('inventory_current_nonneg', sql`current_stock >= 0`),
  check('inventory_reserved_range', sql`reserved_stock >= 0 AND reserved_stock <= current_stock`),
]);

export const stockMovements = pgTable('stock_movements', {
  id: serial('id').primaryKey(),
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['receive', 'adjust', 'damage', 'return', 'reserve', 'release', 'sale'] }).notNull(),
  /** Signed change to current stock (reserve/release change reserved stock instead). */
  quantity: integer('quantity').notNull(),
  reason: text('reason').notNull().default(''),
  userId: uuid('user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('stock_movements_variant_idx').on(t.variantId, t.createdAt)]);
