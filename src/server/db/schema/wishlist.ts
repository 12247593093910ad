import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog.ts';
import { users } from './users.ts';

export const wishlistItems = pgTable('wishlist_items', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('wishlist_items_user_variant_idx').on(t.userId, t.variantId),
  index('wishlist_items_user_created_idx').on(t.userId, t.createdAt),
]);

/** At most one public link per user; revoking deletes the row, so a later share gets a new id. */
export const wishlistShares = pgTable('wishlist_shares', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  shareId: text('share_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
