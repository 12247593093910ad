import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORDER_EVENTS } from '../../../contracts/orders.ts';
import { ORDER_STATUSES, orders } from './orders.ts';
import { shipments } from './shipments.ts';

/** The order's tracking timeline. */
export const orderEvents = pgTable('order_events', {
  id: serial('id').primaryKey(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ORDER_STATUSES }).notNull(),
  /** What the shop wrote, as a code with its values; null when staff typed the description. */
  event: text('event', { enum: ORDER_EVENTS }),
  eventParams: jsonb('event_params').$type<Record<string, string>>().notNull().default({}),
  /** English: the shop's text for `event`, or what staff typed. */
  description: text('description').notNull(),
  location: text('location'),
  /** The shipment this event tells of (shipped, carrier checkpoints, delivered); null for the order's own steps. */
  shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
  /** The carrier's checkpoint id (see carriers' trackingEventId): each checkpoint is appended once. */
  carrierEventId: text('carrier_event_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('order_events_order_idx').on(t.orderId, t.createdAt),
  uniqueIndex('order_events_carrier_event_idx').on(t.shipmentId, t.carrierEventId).where(sql`carrier_event_id IS NOT NULL`),
]);
