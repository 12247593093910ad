import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DepartmentAddress } from '../../../contracts/organisation-purchasing.ts';
import { PRICE_MISMATCH_RULES, PUNCHOUT_OPERATIONS, PUNCHOUT_PROTOCOLS } from '../../../contracts/punchout.ts';
import { organisations } from './organisations.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * How an organisation's procurement system identifies itself: the cXML `From` credential (domain and identity) with
 * its shared secret, which OCI sends as USERNAME and PASSWORD. The secret is kept hashed only.
 */
export const punchoutIdentities = pgTable('punchout_identities', {
  organisationId: uuid('organisation_id').primaryKey().references(() => organisations.id, { onDelete: 'cascade' }),
  fromDomain: text('from_domain').notNull(),
  fromIdentity: text('from_identity').notNull(),
  secretHash: text('secret_hash').notNull(),
  priceMismatch: text('price_mismatch', { enum: PRICE_MISMATCH_RULES }).notNull().default('refuse'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('punchout_identities_credential_key').on(sql`lower(${t.fromDomain})`, sql`lower(${t.fromIdentity})`)]);

/**
 * One punchout: the procurement system's request (where the cart goes back, its buyer cookie, the items an edit or
 * inspect reopens) and the single-use start page that signs the buyer in, kept hashed until it is opened.
 */
export const punchoutSessions = pgTable('punchout_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  protocol: text('protocol', { enum: PUNCHOUT_PROTOCOLS }).notNull(),
  operation: text('operation', { enum: PUNCHOUT_OPERATIONS }).notNull().default('create'),
  buyerCookie: text('buyer_cookie').notNull().default(''),
  returnUrl: text('return_url').notNull(),
  /** The frame the cart is posted back into (OCI's ~TARGET); '' for the whole window. */
  returnTarget: text('return_target').notNull().default(''),
  /** Items the request carried back (edit, inspect): [{variantId, quantity}]. */
  items: jsonb('items').$type<{ variantId: number; quantity: number }[]>().notNull().default([]),
  startTokenHash: text('start_token_hash').notNull(),
  startExpiresAt: timestamp('start_expires_at', { withTimezone: true }).notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }),
  transferredAt: timestamp('transferred_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('punchout_sessions_start_token_key').on(t.startTokenHash),
  index('punchout_sessions_user_idx').on(t.userId, t.createdAt),
]);

/**
 * A cXML OrderRequest received: its purchase-order number (`orderID`) once per organisation, so the same request sent
 * again answers what the first did, and the order it placed.
 */
export const punchoutOrderRequests = pgTable('punchout_order_requests', {
  id: serial('id').primaryKey(),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  poNumber: text('po_number').notNull(),
  payloadId: text('payload_id').notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  statusCode: integer('status_code').notNull(),
  statusText: text('status_text').notNull().default(''),
  /** The prices that differed from the organisation's, when it accepts them with a note. */
  note: text('note').notNull().default(''),
  /** The purchase order's bill-to address, as the order detail shows it; null for requests kept before it was. */
  billTo: jsonb('bill_to').$type<DepartmentAddress>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('punchout_order_requests_po_key').on(t.organisationId, t.poNumber)]);
