import { sql } from 'drizzle-orm';
import {
  boolean, check, customType, date, index, jsonb, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export type CategoryTranslations = Partial<Record<'ur' | 'ar', { name: string; description: string }>>;

/**
 * An option's name and values in Urdu and Arabic, each value by its English: { ur: { name: 'لمبائی', values: { '14 cm':
 * '14 سینٹی میٹر' } } }; a name without one is '', a value without one is left out, a language without any is left out.
 */
export type OptionTranslations = Partial<Record<'ur' | 'ar', { name: string; values: Record<string, string> }>>;

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
  /**
   * A summary of the variants, kept by a trigger on product_variants (0019): the cheapest active variant's price and
   * original price, the dearest one's price, how many are active, and the first variant's catalogue number. What a
   * buyer is charged is always the variant's own price. Money is kept in integer cents (USD).
   */
  modelNumber: text('model_number').notNull().default(''),
  priceCents: integer('price_cents').notNull().default(0),
  originalPriceCents: integer('original_price_cents'),
  priceMaxCents: integer('price_max_cents').notNull().default(0),
  variantCount: integer('variant_count').notNull().default(1),
  averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
  reviewCount: integer('review_count').notNull().default(0),
  /** A draft is staff's alone; an archived product answers 404 to buyers but stays on orders, invoices and lots. */
  status: text('status', { enum: ['draft', 'active', 'archived'] }).notNull().default('active'),
  /** What every storefront read filters on. */
  isActive: boolean('is_active').generatedAlwaysAs(sql`status = 'active'`),
  /** Sold only to licence holders, as is everything in a restricted category. */
  restricted: boolean('restricted').notNull().default(false),
  metaTitle: text('meta_title').notNull().default(''),
  /** Harmonized System code for customs (6 to 10 digits); '' until staff set it. */
  hsCode: text('hs_code').notNull().default(''),
  /** ISO 3166-1 alpha-2 where the goods were made. */
  countryOfOrigin: text('country_of_origin').notNull().default('PK'),
  /** UNSPSC commodity or family code (8 digits), which procurement systems file the product under. */
  unspsc: text('unspsc').notNull().default(''),
  /** Fewest units of a variant a private-label request may ask for; null: not offered for private label. */
  privateLabelMoq: integer('private_label_moq'),
  metaDescription: text('meta_description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('products_status', sql`status in ('draft', 'active', 'archived')`),
  check('products_private_label_moq', sql`private_label_moq is null or private_label_moq > 0`),
  index('products_category_created_idx').on(t.categoryId, t.createdAt),
  // With the id, a deep page's ids come from the index alone, in the list's newest-first order.
  index('products_active_created_idx').on(t.isActive, t.createdAt, t.id),
  index('products_price_idx').on(t.priceCents),
  index('products_brand_lower_idx').on(sql`lower(${t.brand})`),
  // The staff inventory list and report walk products in name order.
  index('products_name_idx').on(t.name, t.id),
  // Search asks whether any product's name holds the query's words (stemmed), before it drops mere mentions.
  index('products_name_words_idx').using('gin', sql`to_tsvector('english', ${t.name})`),
]);

/** A product's former slugs, each answering 301 to its current page. */
export const productSlugRedirects = pgTable('product_slug_redirects', {
  slug: text('slug').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('product_slug_redirects_product_idx').on(t.productId)]);

/** Up to three options per product (Length, Tip, Finish), each with its values in the order buyers see them. */
export const productOptions = pgTable('product_options', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  values: text('values').array().notNull(),
  /** What staff wrote for buyers reading Urdu and Arabic; a name or value without one shows in English. */
  translations: jsonb('translations').$type<OptionTranslations>().notNull().default({}),
}, (t) => [
  primaryKey({ columns: [t.productId, t.position] }),
  uniqueIndex('product_options_product_name_idx').on(t.productId, t.name),
  check('product_options_position', sql`position BETWEEN 0 AND 2`),
  check('product_options_values', sql`cardinality("values") >= 1`),
]);

/**
 * What is sold: one size, tip or finish of a product, with its own catalogue number, price and stock. A product
 * without options has exactly one variant, whose `options` is {}. Stock, lots, cart, order and quote lines hold variants.
 */
export const productVariants = pgTable('product_variants', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  /** { option name: value }, one entry per option of the product. */
  options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
  modelNumber: text('model_number').notNull().unique(),
  /** GS1 GTIN-8/12/13/14 with a verified check digit. */
  gtin: text('gtin'),
  priceCents: integer('price_cents').notNull(),
  originalPriceCents: integer('original_price_cents'),
  /** What one unit costs the shop (Shopify's "Cost per item"); null when unknown. */
  costCents: integer('cost_cents'),
  weightGrams: integer('weight_grams'),
  isActive: boolean('is_active').notNull().default(true),
  /** A photo of this variant alone; the product's gallery otherwise. */
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('product_variants_product_options_idx').on(t.productId, t.options),
  index('product_variants_product_idx').on(t.productId, t.position),
  uniqueIndex('product_variants_gtin_idx').on(t.gtin),
  // Search matches a catalogue number whatever its case.
  index('product_variants_model_number_lower_idx').on(sql`lower(${t.modelNumber})`),
  // ... and typed without its hyphens or spaces ('ss12345', 'SS 12345' for SS-12345): see compactModelNumber.
  index('product_variants_model_number_compact_idx').on(sql`regexp_replace(lower(${t.modelNumber}), '[^a-z0-9]', '', 'g')`),
  check('product_variants_price_positive', sql`price_cents > 0`),
  check('product_variants_weight', sql`weight_grams IS NULL OR weight_grams > 0`),
  check('product_variants_cost', sql`cost_cents IS NULL OR cost_cents >= 0`),
]);

/**
 * A product's gallery. A demo drawing has only a url; an uploaded photo also has its size, the sha256 of the file it
 * came from (an import of the same file finds it again), and renditions.
 */
export const productImages = pgTable('product_images', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  alt: text('alt').notNull().default(''),
  position: integer('position').notNull().default(0),
  width: integer('width'),
  height: integer('height'),
  contentHash: text('content_hash'),
}, (t) => [index('product_images_product_idx').on(t.productId, t.position)]);

/** An uploaded photo resized and re-encoded: AVIF and WebP at several widths, orientation applied, metadata stripped. */
export const productImageRenditions = pgTable('product_image_renditions', {
  imageId: integer('image_id').notNull().references(() => productImages.id, { onDelete: 'cascade' }),
  format: text('format', { enum: ['avif', 'webp'] }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  content: bytea('content').notNull(),
}, (t) => [primaryKey({ columns: [t.imageId, t.format, t.width] })]);

/**
 * A category's uploaded picture, encoded like a product photo (AVIF and WebP at several widths, upright, without
 * metadata); a new upload replaces them all. `categories.image` names the card's rendition with the upload's hash.
 */
export const categoryImageRenditions = pgTable('category_image_renditions', {
  categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  format: text('format', { enum: ['avif', 'webp'] }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  content: bytea('content').notNull(),
}, (t) => [primaryKey({ columns: [t.categoryId, t.format, t.width] })]);

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
 * A sale price for one variant during a window, optionally for a number of units only (`units`, null: while stock
 * lasts). `claimed_units` counts the units of non-cancelled order lines priced by this sale: an order claims them
 * with a conditional update that never passes `units`, and a cancellation gives them back.
 */
export const flashSales = pgTable('flash_sales', {
  id: serial('id').primaryKey(),
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  salePriceCents: integer('sale_price_cents').notNull(),
  units: integer('units'),
  claimedUnits: integer('claimed_units').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('flash_sales_variant_idx').on(t.variantId, t.startsAt),
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
