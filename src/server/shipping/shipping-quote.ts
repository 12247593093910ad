import { DEFAULT_UNIT_WEIGHT_GRAMS, type Carrier } from '#contracts/shipping';
import type { WeightBand } from '../db/schema/shipping.ts';
import { normalCity, pakistanProvinceOf } from './pakistan-provinces.ts';

export interface ShippingMethodRate {
  id: number;
  position: number;
  name: string;
  carrier: Carrier;
  weightBands: WeightBand[];
  flatPriceCents: number | null;
  freeOverCents: number | null;
  daysMin: number;
  daysMax: number;
  codAllowed: boolean;
  active: boolean;
}

export interface ShippingZoneRates {
  id: number;
  name: string;
  countries: string[];
  provinces: string[];
  cities: string[];
  restOfWorld: boolean;
  /** Null: the shop's TAX_RATE. */
  taxBasisPoints: number | null;
  methods: ShippingMethodRate[];
}

export interface Destination {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  city: string;
}

export interface Consignment {
  weightGrams: number;
  /** Before any discount, as the spec's free-shipping rule reads it. */
  subtotalCents: number;
}

export interface QuotedOption {
  methodId: number;
  name: string;
  carrier: Carrier;
  priceCents: number;
  daysMin: number;
  daysMax: number;
  cod: boolean;
  /** Subtotal from which the method is free; null when it never is. */
  freeOverCents: number | null;
}

export interface ShippingQuote {
  zone: { id: number; name: string; taxBasisPoints: number } | null;
  options: QuotedOption[];
  /**
   * What a cart is priced with before its buyer chooses: the zone's first method in staff order that takes it (the
   * Pakistan zone's Standard); null when there is no option.
   */
  standard: QuotedOption | null;
}

/** The weight of a cart's lines: each unit's shipping weight, DEFAULT_UNIT_WEIGHT_GRAMS where a variant has none. */
export const consignmentWeightGrams = (lines: readonly { weightGrams: number | null; quantity: number }[]): number =>
  lines.reduce((sum, line) => sum + (line.weightGrams ?? DEFAULT_UNIT_WEIGHT_GRAMS) * line.quantity, 0);

/** How closely a zone names the destination: 3 by its city, 2 its province, 1 its country, 0 as the rest of the world. */
function specificity(zone: ShippingZoneRates, { country, city }: Destination): number | null {
  if (zone.restOfWorld) return 0;
  if (!zone.countries.includes(country)) return null;
  if (zone.cities.some((name) => normalCity(name) === normalCity(city))) return 3;
  const province = country === 'PK' ? pakistanProvinceOf(city) : null;
  if (province && zone.provinces.includes(province)) return 2;
  return zone.cities.length === 0 && zone.provinces.length === 0 ? 1 : null;
}

/** The most specific zone covering the destination; of equally specific ones, the oldest. */
export function zoneFor<Z extends ShippingZoneRates>(zones: readonly Z[], destination: Destination): Z | null {
  let best: { zone: Z; rank: number } | null = null;
  for (const zone of zones) {
    const rank = specificity(zone, destination);
    if (rank === null) continue;
    if (!best || rank > best.rank || (rank === best.rank && zone.id < best.zone.id)) best = { zone, rank };
  }
  return best?.zone ?? null;
}

/** The method's price for the consignment; null when it is heavier than the method's last weight band. */
export function methodPriceCents(method: ShippingMethodRate, { weightGrams, subtotalCents }: Consignment): number | null {
  let bandCents = 0;
  if (method.weightBands.length > 0) {
    const band = [...method.weightBands].sort((a, b) => a.up_to_grams - b.up_to_grams).find((b) => weightGrams <= b.up_to_grams);
    if (!band) return null;
    bandCents = band.price_cents;
  }
  if (method.freeOverCents !== null && subtotalCents >= method.freeOverCents) return 0;
  return (method.flatPriceCents ?? 0) + bandCents;
}

/**
 * The zone's active methods that take the consignment, cheapest first (then fastest, then in the zone's order), and
 * the zone's tax rate with null read as the shop's.
 */
export function shippingQuote(
  zones: readonly ShippingZoneRates[], destination: Destination, consignment: Consignment, shopTaxBasisPoints: number,
): ShippingQuote {
  const zone = zoneFor(zones, destination);
  if (!zone) return { zone: null, options: [], standard: null };
  const quoted = zone.methods.filter((method) => method.active)
    .map((method) => ({ method, priceCents: methodPriceCents(method, consignment) }))
    .filter((entry): entry is { method: ShippingMethodRate; priceCents: number } => entry.priceCents !== null)
    .map(({ method, priceCents }) => ({
      position: method.position,
      option: {
        methodId: method.id, name: method.name, carrier: method.carrier, priceCents,
        daysMin: method.daysMin, daysMax: method.daysMax, cod: method.codAllowed, freeOverCents: method.freeOverCents,
      },
    }));
  const standard = [...quoted].sort((a, b) => a.position - b.position || a.option.methodId - b.option.methodId)[0]?.option ?? null;
  const options = [...quoted]
    .sort((a, b) => a.option.priceCents - b.option.priceCents || a.option.daysMin - b.option.daysMin || a.position - b.position)
    .map(({ option }) => option);
  return { zone: { id: zone.id, name: zone.name, taxBasisPoints: zone.taxBasisPoints ?? shopTaxBasisPoints }, options, standard };
}
