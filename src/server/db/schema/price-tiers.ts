import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog.ts';

/** Volume pricing: from `min_quantity` units on one line, each unit costs `unit_price_cents`. */
export const priceTiers = pgTable('price_tiers', {
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  minQuantity: integer('min_quantity').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
}, (t) => [
  primaryKey({ columns: [t.variantId, t.minQuantity] }),
  check('price_tiers_min_quantity', sql`min_quantity >= 2`),
  check('price_tiers_price_positive', sql`unit_price_cents > 0`),
]);
