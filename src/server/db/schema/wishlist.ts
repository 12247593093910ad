import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

export const wishlistItems = pgTable('wishlist_items', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('wishlist_items_user_product_idx').on(t.userId, t.productId),
  index('wishlist_items_user_created_idx').on(t.userId, t.createdAt),
]);

/** At most one public link per user; revoking deletes the row, so a later share gets a new id. */
export const wishlistShares = pgTable('wishlist_shares', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  shareId: text('share_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
