import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

/** One review per customer and product; products.average_rating and review_count are recomputed on each write. */
export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rating: integer('rating').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
  index('reviews_product_created_idx').on(t.productId, t.createdAt),
  check('reviews_rating_range', sql`rating between 1 and 5`),
  check('reviews_title_length', sql`char_length(title) <= 120`),
  check('reviews_body_length', sql`char_length(body) <= 2000`),
]);
