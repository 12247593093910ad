import { sql } from 'drizzle-orm';
import {
  bigint, check, customType, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { CARRIERS } from '../../../contracts/shipping.ts';
import { SHIPMENT_STATUSES } from '../../../contracts/orders.ts';
import { orderItems, orders } from './orders.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Some or all of an order's lines, handed to one carrier under one tracking number. `carrier_name` is what the
 * buyer reads ('TCS', or what staff typed for the manual carrier 'other', whose `tracking_url` may hold the
 * carrier's page). A booked carrier's label is kept as the PDF it returned.
 */
export const shipments = pgTable('shipments', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  /** The order number and the shipment's place: 'SS-7K2M9QXA-2'. */
  number: text('number').notNull().unique(),
  carrier: text('carrier', { enum: CARRIERS }).notNull(),
  carrierName: text('carrier_name').notNull(),
  service: text('service').notNull().default(''),
  trackingNumber: text('tracking_number').notNull(),
  trackingUrl: text('tracking_url'),
  status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('booked'),
  labelPdf: bytea('label_pdf'),
  /** For an export: DAP (the buyer pays duties) or DDP (the shop does). */
  incoterm: text('incoterm', { enum: ['DAP', 'DDP'] }),
  /** Cash the courier collects at the door (minor units of `cod_currency`); null when prepaid. */
  codAmountMinor: bigint('cod_amount_minor', { mode: 'number' }),
  codCurrency: text('cod_currency'),
  estimatedDelivery: date('estimated_delivery', { mode: 'string' }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** When the tracking job last asked the carrier. */
  polledAt: timestamp('polled_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('shipments_order_idx').on(t.orderId, t.createdAt),
  uniqueIndex('shipments_carrier_tracking_idx').on(t.carrier, t.trackingNumber).where(sql`carrier <> 'other'`),
  index('shipments_open_idx').on(t.polledAt).where(sql`status IN ('booked', 'in_transit', 'out_for_delivery', 'exception')`),
  check('shipments_status', sql`status IN ('booked', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned', 'cancelled')`),
  check('shipments_carrier', sql`carrier IN ('tcs', 'leopards', 'postex', 'dhl_express', 'other')`),
  check('shipments_cod', sql`(cod_amount_minor IS NULL) = (cod_currency IS NULL) AND (cod_amount_minor IS NULL OR cod_amount_minor > 0)`),
]);

/** How many units of each order line a shipment carries. */
export const shipmentItems = pgTable('shipment_items', {
  id: serial('id').primaryKey(),
  shipmentId: uuid('shipment_id').notNull().references(() => shipments.id, { onDelete: 'cascade' }),
  orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
}, (t) => [
  uniqueIndex('shipment_items_line_idx').on(t.shipmentId, t.orderItemId),
  index('shipment_items_order_item_idx').on(t.orderItemId),
  check('shipment_items_quantity_positive', sql`quantity > 0`),
]);

/** The boxes of a shipment and what each weighs with its packing. */
export const shipmentParcels = pgTable('shipment_parcels', {
  id: serial('id').primaryKey(),
  shipmentId: uuid('shipment_id').notNull().references(() => shipments.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  weightGrams: integer('weight_grams').notNull(),
}, (t) => [
  uniqueIndex('shipment_parcels_position_idx').on(t.shipmentId, t.position),
  check('shipment_parcels_weight_positive', sql`weight_grams > 0`),
]);

/**
 * A courier's statement that it collected a cash-on-delivery consignment's money and paid it over: imported from
 * its remittance report or fetched by its adapter. One row per consignment, so a report read twice pays once.
 */
export const codRemittances = pgTable('cod_remittances', {
  id: serial('id').primaryKey(),
  carrier: text('carrier', { enum: CARRIERS }).notNull(),
  trackingNumber: text('tracking_number').notNull(),
  shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  paymentReference: text('payment_reference').notNull().default(''),
  paidOn: date('paid_on', { mode: 'string' }),
  /** Who imported the report; null when the adapter fetched it. */
  importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('cod_remittances_consignment_idx').on(t.carrier, t.trackingNumber),
  check('cod_remittances_amount', sql`amount_minor >= 0`),
]);
