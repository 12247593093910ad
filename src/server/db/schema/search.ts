import { customType, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One weighted full-text document per product (name A; category, type, brand, model B; description and
 * features C; specifications D). Triggers in migration 0009 rebuild it whenever a product, its features,
 * its specifications or its category change, so searches never assemble it per request.
 */
export const productSearchDocuments = pgTable('product_search_documents', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  document: tsvector('document').notNull(),
}, (t) => [index('product_search_documents_document_idx').using('gin', t.document)]);

/** Searches of signed-in users, for their own 'recent' suggestions. */
export const searchHistory = pgTable('search_history', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  query: text('query').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('search_history_user_created_idx').on(t.userId, t.createdAt)]);
