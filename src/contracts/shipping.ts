import { z } from 'zod';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';

export const CARRIERS = ['tcs', 'leopards', 'postex', 'dhl_express', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Pakistan's provinces and territories by their ISO 3166-2:PK codes. */
export const PAKISTAN_PROVINCES = ['PK-BA', 'PK-GB', 'PK-IS', 'PK-JK', 'PK-KP', 'PK-PB', 'PK-SD'] as const;
export type PakistanProvince = (typeof PAKISTAN_PROVINCES)[number];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** The English name of an assigned ISO 3166-1 alpha-2 code, else null (Intl answers an unknown code with itself). */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ') return null;
  const name = regionNames.of(code);
  return name && name !== code ? name : null;
}

export const ENTER_COUNTRY = 'Enter a two-letter country code, such as PK or DE.';

export const shippingDestination = z.object({
  country: z.string({ message: ENTER_COUNTRY }).trim().toUpperCase().refine((code) => countryName(code) !== null, ENTER_COUNTRY),
  city: z.string().trim().max(100, 'Enter at most 100 characters.').default(''),
  postal_code: z.string().trim().max(20, 'Enter at most 20 characters.')
    .regex(/^[A-Za-z0-9 -]*$/, 'Enter letters, digits, spaces or hyphens only.').default(''),
});
export type ShippingDestination = z.infer<typeof shippingDestination>;

export const shippingOption = z.object({
  /** The shipping method's id, to be chosen at checkout. */
  id: z.number().int(),
  name: z.string(),
  carrier: z.enum(CARRIERS),
  /** USD; '0.00' when the cart's subtotal reaches the method's free-over threshold. */
  price: decimalString,
  price_pkr: decimalString,
  days_min: z.number().int(),
  days_max: z.number().int(),
  /** Whether the buyer may pay cash on delivery with this method. */
  cod: z.boolean(),
  /** The courier's fee for cash on delivery (USD, and in rupees), added to the order paid that way. */
  cod_fee: decimalString,
  cod_fee_pkr: decimalString,
  /** The largest order total (USD, before the fee) payable in cash on delivery; null for no limit. */
  cod_limit: decimalString.nullable(),
});
export type ShippingOption = z.infer<typeof shippingOption>;

/**
 * The methods that deliver the signed-in buyer's cart to the destination, cheapest first, from the most specific zone
 * covering it (city, then province, then country, then the rest of the world). Weights are the variants' shipping
 * weights (a variant without one counts as DEFAULT_UNIT_WEIGHT_GRAMS) times the quantities. Where no zone covers the
 * destination, or no method of its zone takes the cart's weight, `options` is empty and `message` says so; the zone
 * is null when none covers it. `tax_rate` is the zone's, in percent ('17.00'; exports '0.00').
 * Bad input: 400 with a message per field (country, city, postal_code).
 */
export const getShippingOptions = defineContract({
  method: 'GET',
  path: '/api/cart/shipping-options/',
  query: shippingDestination,
  response: z.object({
    options: z.array(shippingOption),
    zone: z.object({ id: z.number().int(), name: z.string(), tax_rate: decimalString }).nullable(),
    message: z.string().nullable(),
  }),
});
export type ShippingOptions = z.infer<typeof getShippingOptions.response>;

/** What a unit of a variant without a shipping weight counts as. */
export const DEFAULT_UNIT_WEIGHT_GRAMS = 500;

/**
 * Public: the subtotal (USD) from which an order to Pakistan by the standard method ships free, as the shop's
 * free-shipping notices tell it; null when that method is never free, or there is none.
 */
export const getFreeShipping = defineContract({
  method: 'GET',
  path: '/api/shipping/free-shipping/',
  response: z.object({ threshold: decimalString.nullable() }),
});
