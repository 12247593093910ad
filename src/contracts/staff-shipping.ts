import { z } from 'zod';
import { defineContract } from './define.ts';
import { idParam, leftOutKept, line } from './fields.ts';
import { atMost, INVALID_PRICE, REQUIRED, WHOLE_NUMBER } from './issues.ts';
import { decimalString } from './money.ts';
import { CARRIERS, countryName, PAKISTAN_PROVINCES } from './shipping.ts';
import { PRICE_PATTERN } from './staff-products.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * Staff run the shipping zones and their methods at /api/staff/shipping/: catalogue staff and the owner. Money is a
 * decimal string in US dollars ("12.50") both ways; a zone's tax rate is in percent ("17.00"), null for the shop's
 * TAX_RATE. A change is offered to buyers at once (GET /api/cart/shipping-options/ reads the zones on each call).
 */

export const MAX_WEIGHT_BANDS = 20;
export const MAX_BAND_GRAMS = 1_000_000;
export const MAX_DAYS = 365;

const name = (max: number) => line({ message: REQUIRED }).trim().min(1, REQUIRED).max(max, atMost(max));
const money = z.string({ message: REQUIRED }).trim().regex(PRICE_PATTERN, INVALID_PRICE);
const TAX_RATE = 'Enter a rate in percent from 0 to 100, such as 17.00, or leave it empty for the shop’s rate.';
const taxRate = z.string({ message: TAX_RATE }).trim().regex(/^\d{1,3}(\.\d{1,2})?$/, TAX_RATE)
  .refine((rate) => Number(rate) <= 100, TAX_RATE);
const wholeNumber = (min: number, max: number) =>
  z.number({ message: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(min, `Enter ${min} or more.`).max(max, `Enter at most ${max}.`);
const list = (item: z.ZodType<string>, max: number) =>
  z.array(item, { message: 'Enter a list.' }).max(max, `Give at most ${max}.`)
    .transform((items) => items.filter((value, index) => value !== '' && items.indexOf(value) === index));
const code = z.string({ message: REQUIRED }).trim().toUpperCase();

/** A zone's fields; `zoneProblems` holds the rules between them. */
const zoneFields = z.object({
  name: name(80),
  /** ISO 3166-1 alpha-2 codes. */
  countries: list(code, 250).default([]),
  /** ISO 3166-2:PK codes, in a zone of Pakistan alone. */
  provinces: list(code, PAKISTAN_PROVINCES.length).default([]),
  /** Compared case-insensitively with the buyer's city. */
  cities: list(name(100), 200).default([]),
  /** Every country no other zone names; at most one zone, without countries. */
  rest_of_world: z.boolean({ message: 'Enter true or false.' }).default(false),
  /** Percent, "17.00"; null: the shop's TAX_RATE. */
  tax_rate: taxRate.nullable().default(null),
}, { message: REQUIRED });
export type ShippingZoneFields = z.infer<typeof zoneFields>;

type Problem = [field: string, message: string];

/** What is wrong with a zone as a whole (its fields each valid), by field. */
export function zoneProblems(zone: Pick<ShippingZoneFields, 'countries' | 'provinces' | 'cities' | 'rest_of_world'>): Problem[] {
  const problems: Problem[] = [];
  if (zone.rest_of_world) {
    if (zone.countries.length + zone.provinces.length + zone.cities.length > 0) {
      problems.push(['rest_of_world', 'The rest-of-world zone covers every country no other zone names: leave its countries, provinces and cities empty.']);
    }
    return problems;
  }
  const unknown = zone.countries.filter((country) => countryName(country) === null);
  if (zone.countries.length === 0) problems.push(['countries', 'Enter at least one country, or make this the rest-of-world zone.']);
  else if (unknown.length > 0) problems.push(['countries', `Enter ISO country codes, such as PK or DE: ${unknown.join(', ')} is not one.`]);
  const notProvinces = zone.provinces.filter((province) => !(PAKISTAN_PROVINCES as readonly string[]).includes(province));
  if (notProvinces.length > 0) {
    problems.push(['provinces', `Choose Pakistan’s provinces by their codes, such as PK-SD: ${notProvinces.join(', ')} is not one.`]);
  } else if (zone.provinces.length > 0 && (zone.countries.length !== 1 || zone.countries[0] !== 'PK')) {
    problems.push(['provinces', 'Provinces are Pakistan’s: give them in a zone whose only country is Pakistan (PK).']);
  }
  return problems;
}

const addProblems = (problems: Problem[], ctx: z.RefinementCtx) =>
  problems.forEach(([field, message]) => ctx.addIssue({ code: 'custom', path: field.split('.'), message }));

/** A new zone. 400 on `name` when another zone has it, on `countries` when another zone covers one of them country-wide, on `rest_of_world` when there is one already. */
export const zoneInput = zoneFields.superRefine((zone, ctx) => addProblems(zoneProblems(zone), ctx));
export type ZoneInput = z.input<typeof zoneInput>;

/** A change to a zone: the fields left out keep their stored values; the whole is checked as a new zone is. */
export const zonePatch = z.object(leftOutKept(zoneFields.shape), { message: REQUIRED });
export type ZonePatch = z.input<typeof zonePatch>;

export const weightBandInput = z.object({
  up_to_grams: wholeNumber(1, MAX_BAND_GRAMS),
  price: money,
}, { message: REQUIRED });

const methodFields = z.object({
  name: name(80),
  carrier: z.enum(CARRIERS, { message: 'Choose a carrier.' }),
  /** The carrier's own code for the service ('P' for DHL Express Worldwide, 'O' for TCS Overnight). */
  service_code: line({ message: REQUIRED }).trim().max(40, atMost(40)).default(''),
  /** Where it stands in its zone; a new method goes last. */
  position: wholeNumber(0, 1_000).optional(),
  /** Parcels up to each weight (inclusive) cost its price, added to any flat price; heavier than the last: not offered. */
  weight_bands: z.array(weightBandInput, { message: 'Enter a list.' }).max(MAX_WEIGHT_BANDS, `Give at most ${MAX_WEIGHT_BANDS} bands.`).default([]),
  flat_price: money.nullable().default(null),
  /** From this subtotal (before any discount) the method is free. */
  free_over: money.nullable().default(null),
  days_min: wholeNumber(0, MAX_DAYS),
  days_max: wholeNumber(0, MAX_DAYS),
  cod_allowed: z.boolean({ message: 'Enter true or false.' }).default(false),
  /** The largest order total payable in cash at the door; null for no limit. */
  cod_limit: money.nullable().default(null),
  /** The courier's fee for collecting the cash. */
  cod_fee: money.default('0.00'),
  active: z.boolean({ message: 'Enter true or false.' }).default(true),
}, { message: REQUIRED });
export type ShippingMethodFields = z.infer<typeof methodFields>;

/** What is wrong with a method as a whole (its fields each valid), by field. */
export function methodProblems(method: Pick<ShippingMethodFields, 'weight_bands' | 'flat_price' | 'days_min' | 'days_max'>): Problem[] {
  const problems: Problem[] = [];
  if (method.flat_price === null && method.weight_bands.length === 0) {
    problems.push(['flat_price', 'Enter a flat price, weight bands, or both.']);
  }
  method.weight_bands.forEach((band, index) => {
    const above = method.weight_bands[index - 1];
    if (above && band.up_to_grams <= above.up_to_grams) {
      problems.push([`weight_bands.${index}.up_to_grams`, `Enter more grams than the band before (${above.up_to_grams} g).`]);
    }
  });
  if (method.days_max < method.days_min) problems.push(['days_max', `Enter at least the fewest days (${method.days_min}).`]);
  return problems;
}

/** A new method in a zone. */
export const methodInput = methodFields.superRefine((method, ctx) => addProblems(methodProblems(method), ctx));
export type MethodInput = z.input<typeof methodInput>;

/** A change to a method: the fields left out keep their stored values; the whole is checked as a new method is. */
export const methodPatch = z.object(leftOutKept(methodFields.shape), { message: REQUIRED });
export type MethodPatch = z.input<typeof methodPatch>;

export const staffShippingMethod = z.object({
  id: z.number().int(),
  zone_id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  carrier: z.enum(CARRIERS),
  service_code: z.string(),
  weight_bands: z.array(z.object({ up_to_grams: z.number().int(), price: decimalString })),
  flat_price: decimalString.nullable(),
  free_over: decimalString.nullable(),
  days_min: z.number().int(),
  days_max: z.number().int(),
  cod_allowed: z.boolean(),
  cod_limit: decimalString.nullable(),
  cod_fee: decimalString,
  active: z.boolean(),
});
export type StaffShippingMethod = z.infer<typeof staffShippingMethod>;

export const staffShippingZone = z.object({
  id: z.number().int(),
  name: z.string(),
  countries: z.array(z.string()),
  provinces: z.array(z.string()),
  cities: z.array(z.string()),
  rest_of_world: z.boolean(),
  tax_rate: decimalString.nullable(),
  /** In their zone's order. */
  methods: z.array(staffShippingMethod),
});
export type StaffShippingZone = z.infer<typeof staffShippingZone>;

const zoneParams = z.object({ id: idParam('Unknown shipping zone.') });
const methodParams = z.object({ id: idParam('Unknown shipping method.') });

/** Every zone with its methods, oldest zone first. */
export const listShippingZones = defineContract({
  staff: staffAccess.catalogue,
  method: 'GET',
  path: '/api/staff/shipping/zones/',
  errors: ['STAFF_ONLY'],
  response: z.object({ zones: z.array(staffShippingZone) }),
});

export const createShippingZone = defineContract({
  staff: staffAccess.catalogue,
  method: 'POST',
  path: '/api/staff/shipping/zones/',
  errors: ['STAFF_ONLY'],
  body: zoneInput,
  status: 201,
  response: staffShippingZone,
});

/** 404 'Shipping zone not found.' */
export const updateShippingZone = defineContract({
  staff: staffAccess.catalogue,
  method: 'PATCH',
  path: '/api/staff/shipping/zones/:id/',
  errors: ['STAFF_ONLY'],
  params: zoneParams,
  body: zonePatch,
  response: staffShippingZone,
});

/** The zone and its methods; orders that used them keep their method's name (their method becomes null). 404 'Shipping zone not found.' */
export const deleteShippingZone = defineContract({
  staff: staffAccess.catalogue,
  method: 'DELETE',
  path: '/api/staff/shipping/zones/:id/',
  errors: ['STAFF_ONLY'],
  params: zoneParams,
  response: z.object({ detail: z.string() }),
});

/** 404 'Shipping zone not found.' */
export const createShippingMethod = defineContract({
  staff: staffAccess.catalogue,
  method: 'POST',
  path: '/api/staff/shipping/zones/:id/methods/',
  errors: ['STAFF_ONLY'],
  params: zoneParams,
  body: methodInput,
  status: 201,
  response: staffShippingMethod,
});

/** 404 'Shipping method not found.' */
export const updateShippingMethod = defineContract({
  staff: staffAccess.catalogue,
  method: 'PATCH',
  path: '/api/staff/shipping/methods/:id/',
  errors: ['STAFF_ONLY'],
  params: methodParams,
  body: methodPatch,
  response: staffShippingMethod,
});

/** Orders that used it keep its name (their method becomes null). 404 'Shipping method not found.' */
export const deleteShippingMethod = defineContract({
  staff: staffAccess.catalogue,
  method: 'DELETE',
  path: '/api/staff/shipping/methods/:id/',
  errors: ['STAFF_ONLY'],
  params: methodParams,
  response: z.object({ detail: z.string() }),
});
