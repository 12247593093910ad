import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog.ts';
import { users } from './users.ts';

/**
 * Low and out-of-stock alerts: opened when available stock falls to the threshold or to 0, resolved when it
 * recovers. At most one open alert per product (partial unique index), so concurrent checks cannot open two.
 */
export const inventoryAlerts = pgTable('inventory_alerts', {
  id: serial('id').primaryKey(),
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['low', 'out'] }).notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('inventory_alerts_open_idx').on(t.variantId).where(sql`resolved_at is null`),
  index('inventory_alerts_variant_idx').on(t.variantId, t.openedAt),
]);
