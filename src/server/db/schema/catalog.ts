import { sql } from 'drizzle-orm';
import {
  boolean, check, customType, date, index, jsonb, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export type CategoryTranslations = Partial<Record<'ur' | 'ar', { name: string; description: string }>>;

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Sold only to accounts holding a verified, unexpired licence. */
  restricted: boolean('restricted').notNull().default(false),
  /** Urdu and Arabic name and description: { ur: { name, description }, ar: { ... } }. */
  translations: jsonb('translations').$type<CategoryTranslations>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  shortDescription: text('short_description').notNull().default(''),
  categoryId: integer('category_id').notNull().references(() => categories.id),
  instrumentType: text('instrument_type').notNull(),
  brand: text('brand').notNull(),
  modelNumber: text('model_number').notNull().unique(),
  /** Money is kept in integer cents (USD). */
  priceCents: integer('price_cents').notNull(),
  originalPriceCents: integer('original_price_cents'),
  averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
  reviewCount: integer('review_count').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('products_category_created_idx').on(t.categoryId, t.createdAt),
  index('products_active_created_idx').on(t.isActive, t.createdAt),
  index('products_price_idx').on(t.priceCents),
  index('products_brand_lower_idx').on(sql`lower(${t.brand})`),
  // The staff inventory list and report walk products in name order.
  index('products_name_idx').on(t.name, t.id),
]);

export const productImages = pgTable('product_images', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  alt: text('alt').notNull().default(''),
  position: integer('position').notNull().default(0),
}, (t) => [index('product_images_product_idx').on(t.productId, t.position)]);

export const certifications = pgTable('certifications', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const productCertifications = pgTable('product_certifications', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  certificationId: integer('certification_id').notNull().references(() => certifications.id),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.certificationId] })]);

export const productFeatures = pgTable('product_features', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [index('product_features_product_idx').on(t.productId, t.position)]);

export const productSpecifications = pgTable('product_specifications', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  value: text('value').notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.key] })]);

/** Downloadable files (instructions for use, certificates); one file may serve many products. */
export const documents = pgTable('documents', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  contentType: text('content_type').notNull().default('application/pdf'),
  sizeBytes: integer('size_bytes').notNull(),
  content: bytea('content').notNull(),
  /** Versions of one document share a series (the first version's slug); the highest issued version is current. */
  series: text('series').notNull(),
  version: integer('version').notNull().default(1),
  issuedOn: date('issued_on', { mode: 'string' }),
  /** Certificates stop being current after this day. */
  expiresOn: date('expires_on', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('documents_series_version_idx').on(t.series, t.version)]);

export const productDocuments = pgTable('product_documents', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  documentId: integer('document_id').notNull().references(() => documents.id),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.documentId] })]);

/**
 * A sale price for a product during a window, optionally for a number of units only (`units`, null: while stock
 * lasts). `claimed_units` counts the units of non-cancelled order lines priced by this sale: an order claims them
 * with a conditional update that never passes `units`, and a cancellation gives them back.
 */
export const flashSales = pgTable('flash_sales', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  salePriceCents: integer('sale_price_cents').notNull(),
  units: integer('units'),
  claimedUnits: integer('claimed_units').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('flash_sales_product_idx').on(t.productId, t.startsAt),
  index('flash_sales_ends_idx').on(t.endsAt),
  check('flash_sales_window', sql`ends_at > starts_at`),
  check('flash_sales_claimed', sql`claimed_units >= 0 AND (units IS NULL OR claimed_units <= units)`),
  check('flash_sales_price_positive', sql`sale_price_cents > 0`),
]);

/** Detail-page views per product and day: the denominator of the live stock conversion rate. */
export const productViews = pgTable('product_views', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  views: integer('views').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.day] })]);
