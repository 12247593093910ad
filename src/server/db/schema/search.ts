import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One weighted full-text document per product (name A; category, type, brand, model B; description and
 * features C; specifications D). Triggers in migration 0009 rebuild it whenever a product, its features,
 * its specifications or its category change, so searches never assemble it per request. `heading` is the
 * document's A and B parts alone (what names the product rather than mentions a word), indexed of its own (0048).
 */
export const productSearchDocuments = pgTable('product_search_documents', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  document: tsvector('document').notNull(),
  heading: tsvector('heading').notNull().default(sql`''::tsvector`),
}, (t) => [
  index('product_search_documents_document_idx').using('gin', t.document),
  index('product_search_documents_heading_idx').using('gin', t.heading),
]);

/**
 * Every distinct product name, with what search and suggestions ask of a name prepared once: its lowercase form, its
 * words and its stemmed words, and the products that have it. Many products share a name (sizes and patterns of one
 * instrument), so matching and scoring names here costs a fraction of doing so per product. Triggers on products
 * (migration 0048) keep each name's products and drop a name no product has any more.
 */
export const searchNames = pgTable('search_names', {
  name: text('name').primaryKey(),
  lowered: text('lowered').notNull(),
  words: text('words').array().notNull(),
  stems: tsvector('stems').notNull(),
  productIds: integer('product_ids').array().notNull(),
}, (t) => [
  index('search_names_trgm_idx').using('gin', t.lowered.op('gin_trgm_ops')),
  index('search_names_stems_idx').using('gin', t.stems),
]);

/** Searches of signed-in users, for their own 'recent' suggestions. */
export const searchHistory = pgTable('search_history', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  query: text('query').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('search_history_user_created_idx').on(t.userId, t.createdAt)]);
