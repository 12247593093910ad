import { describe, expect, it } from 'vitest';
import { consignmentWeightGrams, methodPriceCents, shippingQuote, zoneFor, type ShippingMethodRate, type ShippingZoneRates } from './shipping-quote.ts';

const method = (overrides: Partial<ShippingMethodRate> = {}): ShippingMethodRate => ({
  id: 1, position: 0, name: 'Standard', carrier: 'other', weightBands: [], flatPriceCents: 7_500, freeOverCents: 50_000,
  daysMin: 3, daysMax: 5, codAllowed: false, active: true, ...overrides,
});
const zone = (id: number, places: Partial<ShippingZoneRates>): ShippingZoneRates => ({
  id, name: `zone ${id}`, countries: [], provinces: [], cities: [], restOfWorld: false, taxBasisPoints: 0, methods: [], ...places,
});

describe('zoneFor', () => {
  const world = zone(1, { restOfWorld: true });
  const pakistan = zone(2, { countries: ['PK'] });
  const sindh = zone(3, { countries: ['PK'], provinces: ['PK-SD'] });
  const karachi = zone(4, { countries: ['PK'], cities: ['Karachi'] });
  const zones = [world, pakistan, sindh, karachi];

  it('takes the city, then the province, then the country, then the rest of the world', () => {
    expect(zoneFor(zones, { country: 'PK', city: '  karachi ' })).toBe(karachi);
    expect(zoneFor(zones, { country: 'PK', city: 'Hyderabad' })).toBe(sindh);
    expect(zoneFor(zones, { country: 'PK', city: 'Lahore' })).toBe(pakistan);
    expect(zoneFor(zones, { country: 'PK', city: '' })).toBe(pakistan);
    expect(zoneFor(zones, { country: 'DE', city: 'Karachi' })).toBe(world);
    expect(zoneFor([pakistan, sindh], { country: 'DE', city: 'Berlin' })).toBeNull();
  });

  it('leaves a place outside a zone of cities or provinces to another zone', () => {
    expect(zoneFor([sindh, karachi], { country: 'PK', city: 'Lahore' })).toBeNull();
  });
});

describe('methodPriceCents', () => {
  const dhl = method({ flatPriceCents: null, freeOverCents: 200_000, weightBands: [{ up_to_grams: 1_000, price_cents: 6_200 }, { up_to_grams: 500, price_cents: 5_200 }] });

  it('adds the band the weight falls in (its upper bound included) to the flat price', () => {
    expect(methodPriceCents(dhl, { weightGrams: 500, subtotalCents: 1_000 })).toBe(5_200);
    expect(methodPriceCents(dhl, { weightGrams: 501, subtotalCents: 1_000 })).toBe(6_200);
    expect(methodPriceCents({ ...dhl, flatPriceCents: 1_000 }, { weightGrams: 200, subtotalCents: 1_000 })).toBe(6_200);
  });

  it('is free from the threshold, and not offered above the last band', () => {
    expect(methodPriceCents(dhl, { weightGrams: 900, subtotalCents: 200_000 })).toBe(0);
    expect(methodPriceCents(dhl, { weightGrams: 1_001, subtotalCents: 200_000 })).toBeNull();
    expect(methodPriceCents(method(), { weightGrams: 99_000, subtotalCents: 49_999 })).toBe(7_500);
  });
});

describe('shippingQuote', () => {
  it('lists the active methods cheapest first, with the shop’s tax rate where the zone has none', () => {
    const pakistan = zone(1, { countries: ['PK'], taxBasisPoints: null, methods: [
      method(), method({ id: 2, name: 'Courier', carrier: 'tcs', flatPriceCents: 400, codAllowed: true, daysMin: 1, daysMax: 2 }),
      method({ id: 3, name: 'Switched off', flatPriceCents: 100, active: false }),
    ] });
    const standard = { methodId: 1, name: 'Standard', carrier: 'other', priceCents: 7_500, daysMin: 3, daysMax: 5, cod: false, freeOverCents: 50_000 };
    expect(shippingQuote([pakistan], { country: 'PK', city: 'Lahore' }, { weightGrams: 400, subtotalCents: 3_600 }, 1_700)).toEqual({
      zone: { id: 1, name: 'zone 1', taxBasisPoints: 1_700 },
      options: [
        { methodId: 2, name: 'Courier', carrier: 'tcs', priceCents: 400, daysMin: 1, daysMax: 2, cod: true, freeOverCents: 50_000 },
        standard,
      ],
      standard,
    });
  });

  it('takes as standard the zone’s first method in staff order that carries the consignment', () => {
    const pakistan = zone(1, { countries: ['PK'], methods: [
      method({ id: 5, position: 2, name: 'Courier', flatPriceCents: 400, weightBands: [{ up_to_grams: 1_000, price_cents: 0 }] }),
      method({ id: 9, position: 1, name: 'Light only', flatPriceCents: 100, weightBands: [{ up_to_grams: 500, price_cents: 0 }] }),
    ] });
    const quote = (weightGrams: number) => shippingQuote([pakistan], { country: 'PK', city: '' }, { weightGrams, subtotalCents: 1_000 }, 0);
    expect(quote(400).standard).toMatchObject({ methodId: 9 });
    expect(quote(800).standard).toMatchObject({ methodId: 5 });
    expect(quote(5_000)).toMatchObject({ options: [], standard: null });
    expect(shippingQuote([pakistan], { country: 'DE', city: 'Berlin' }, { weightGrams: 1, subtotalCents: 1 }, 0))
      .toEqual({ zone: null, options: [], standard: null });
  });
});

describe('consignmentWeightGrams', () => {
  it('counts a unit without a weight as 500 g', () => {
    expect(consignmentWeightGrams([{ weightGrams: 200, quantity: 3 }, { weightGrams: null, quantity: 2 }])).toBe(1_600);
  });
});
