import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CARRIERS } from '../../../contracts/shipping.ts';

/** One step of a weight-banded rate: parcels up to `up_to_grams` (inclusive) cost `price_cents` (USD). */
export interface WeightBand {
  up_to_grams: number;
  price_cents: number;
}

/**
 * Where goods go: a set of ISO 3166-1 alpha-2 countries and, inside Pakistan, optionally provinces (ISO 3166-2:PK
 * codes such as 'PK-SD') or cities. The rest-of-world zone, at most one, covers every country no other zone names.
 * `tax_basis_points` null means the shop's TAX_RATE (the domestic zone); exports are zero-rated unless staff say so.
 */
export const shippingZones = pgTable('shipping_zones', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  provinces: text('provinces').array().notNull().default(sql`'{}'::text[]`),
  /** Compared case-insensitively with the buyer's city. */
  cities: text('cities').array().notNull().default(sql`'{}'::text[]`),
  restOfWorld: boolean('rest_of_world').notNull().default(false),
  taxBasisPoints: integer('tax_basis_points').default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('shipping_zones_rest_of_world_idx').on(t.restOfWorld).where(sql`rest_of_world`),
  check('shipping_zones_tax', sql`tax_basis_points IS NULL OR tax_basis_points BETWEEN 0 AND 10000`),
  check('shipping_zones_places', sql`rest_of_world = (cardinality(countries) = 0)`),
]);

/**
 * A carrier's service within a zone. Its price is the flat price plus the band the cart's weight falls in (either may
 * be absent, not both); a cart heavier than the last band is not offered the method. From `free_over_cents` of
 * subtotal (before any discount) it is free.
 */
export const shippingMethods = pgTable('shipping_methods', {
  id: serial('id').primaryKey(),
  zoneId: integer('zone_id').notNull().references(() => shippingZones.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  name: text('name').notNull(),
  carrier: text('carrier', { enum: CARRIERS }).notNull(),
  serviceCode: text('service_code').notNull().default(''),
  weightBands: jsonb('weight_bands').$type<WeightBand[]>().notNull().default([]),
  flatPriceCents: integer('flat_price_cents'),
  freeOverCents: integer('free_over_cents'),
  daysMin: integer('days_min').notNull(),
  daysMax: integer('days_max').notNull(),
  codAllowed: boolean('cod_allowed').notNull().default(false),
  /** The largest order total (USD cents, before the fee) payable in cash at the door; null for no limit. */
  codLimitCents: integer('cod_limit_cents'),
  /** The courier's fee for collecting cash on delivery (USD cents), shown before the buyer confirms. */
  codFeeCents: integer('cod_fee_cents').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('shipping_methods_zone_idx').on(t.zoneId, t.position),
  check('shipping_methods_carrier', sql`carrier IN ('tcs', 'leopards', 'postex', 'dhl_express', 'other')`),
  check('shipping_methods_price', sql`flat_price_cents IS NOT NULL OR jsonb_array_length(weight_bands) > 0`),
  check('shipping_methods_flat_price', sql`flat_price_cents IS NULL OR flat_price_cents >= 0`),
  check('shipping_methods_free_over', sql`free_over_cents IS NULL OR free_over_cents >= 0`),
  check('shipping_methods_days', sql`days_min >= 0 AND days_max >= days_min`),
  check('shipping_methods_cod', sql`cod_fee_cents >= 0 AND (cod_limit_cents IS NULL OR cod_limit_cents >= 0)`),
]);
