import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MARKING_METHODS, PRIVATE_LABEL_STATUSES, PROOF_DECISIONS } from '../../../contracts/private-label.ts';
import { productVariants } from './catalog.ts';
import { orders } from './orders.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * A private-label production request (contracts/private-label.ts). Artwork and proofs are files kept under
 * DATA_DIR/private-label by random stored names.
 */
export const privateLabelRequests = pgTable('private_label_requests', {
  id: serial('id').primaryKey(),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id),
  status: text('status', { enum: PRIVATE_LABEL_STATUSES }).notNull().default('requested'),
  marking: text('marking', { enum: MARKING_METHODS }).notNull(),
  placement: text('placement').notNull(),
  packagingText: text('packaging_text').notNull().default(''),
  artworkFileName: text('artwork_file_name'),
  artworkStoredName: text('artwork_stored_name'),
  artworkContentType: text('artwork_content_type'),
  artworkSizeBytes: integer('artwork_size_bytes'),
  /** The quote: production days from approval, and the share of the total paid before production. */
  leadTimeDays: integer('lead_time_days'),
  depositPercent: integer('deposit_percent'),
  quotedAt: timestamp('quoted_at', { withTimezone: true }),
  /** When the buyer confirmed they were told that selling under their own name makes them the manufacturer. */
  manufacturerNoticeAt: timestamp('manufacturer_notice_at', { withTimezone: true }),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  declineReason: text('decline_reason').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('private_label_requests_organisation_idx').on(t.organisationId, t.createdAt),
  index('private_label_requests_status_idx').on(t.status, t.createdAt),
  check('private_label_requests_deposit', sql`deposit_percent is null or deposit_percent between 0 and 100`),
  check('private_label_requests_lead_time', sql`lead_time_days is null or lead_time_days between 1 and 365`),
]);

/** The variants and quantities asked for; the unit price is staff's quote (null until quoted). */
export const privateLabelItems = pgTable('private_label_items', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id').notNull().references(() => privateLabelRequests.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').notNull().references(() => productVariants.id),
  quantity: integer('quantity').notNull(),
  unitPriceCents: integer('unit_price_cents'),
}, (t) => [
  uniqueIndex('private_label_items_request_variant_idx').on(t.requestId, t.variantId),
  check('private_label_items_quantity', sql`quantity > 0`),
  check('private_label_items_price', sql`unit_price_cents is null or unit_price_cents > 0`),
]);

/** Every proof staff sent, numbered from 1 per request, with the buyer's decision on it. */
export const privateLabelProofs = pgTable('private_label_proofs', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id').notNull().references(() => privateLabelRequests.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  fileName: text('file_name').notNull(),
  storedName: text('stored_name').notNull().unique(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  note: text('note').notNull().default(''),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  decision: text('decision', { enum: PROOF_DECISIONS }),
  decisionComment: text('decision_comment').notNull().default(''),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('private_label_proofs_version_idx').on(t.requestId, t.version)]);

/** Each step a request took, with its date: what the buyer's timeline shows. */
export const privateLabelEvents = pgTable('private_label_events', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id').notNull().references(() => privateLabelRequests.id, { onDelete: 'cascade' }),
  status: text('status', { enum: PRIVATE_LABEL_STATUSES }).notNull(),
  note: text('note').notNull().default(''),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('private_label_events_request_idx').on(t.requestId, t.createdAt)]);
