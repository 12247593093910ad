import { z } from 'zod';
import { ENTER_QUANTITY, INVALID_PRICE, WHOLE_NUMBER } from './issues.ts';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { defineContract } from './define.ts';
import { idParam } from './fields.ts';
import { decimalString } from './money.ts';
import { staffAccess } from './staff-roles.ts';

/* Volume pricing: quantity tiers per variant. */

export const MAX_PRICE_TIERS = 5;

/** From `min_quantity` units on one line, each unit costs `unit_price` (USD). */
export const priceTier = z.object({
  min_quantity: z.number().int(),
  unit_price: decimalString,
});
export type PriceTier = z.infer<typeof priceTier>;

/**
 * One band of a variant's volume table, priced by the server for this viewer now: from `min_quantity` to
 * `max_quantity` (null: and up), each unit costs `unit_price`; except on a band a running sale's allocation holds only
 * in part, where `sale_quantity` units cost `sale_price` and the rest `unit_price` ("9 at $29.99, the rest at
 * $44.64"). `save_percent`: what a unit saves against the first band, when it is cheaper and not split.
 */
export const volumePrice = z.object({
  min_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  unit_price: decimalString,
  sale_quantity: z.number().int(),
  sale_price: decimalString.nullable(),
  save_percent: z.number().int().nullable(),
});
export type VolumePrice = z.infer<typeof volumePrice>;

/**
 * What a line of `quantity` units of a variant costs this viewer now, exactly as the cart will price it:
 * total_price = sale_quantity × sale_price + (quantity − sale_quantity) × unit_price.
 */
export const linePrice = z.object({
  quantity: z.number().int(),
  unit_price: decimalString,
  total_price: decimalString,
  sale_quantity: z.number().int(),
  sale_price: decimalString.nullable(),
});
export type LinePrice = z.infer<typeof linePrice>;

/**
 * The product page's price for the quantity chosen, before adding it to the cart; signed in or not (an organisation's
 * price list counts for its buyers). `variant_id` may be left out only for a product with one variant (400 on
 * variant_id otherwise). 404 'Product not found.' for an unknown or withdrawn product.
 */
export const previewLinePrice = defineContract({
  method: 'GET',
  path: '/api/pricing/line-price/',
  query: z.object({
    product_id: idParam('Choose a product.'),
    variant_id: idParam('Choose a size or version.').optional(),
    quantity: z.coerce.number({ message: ENTER_QUANTITY }).int(WHOLE_NUMBER)
      .min(1, 'Enter at least 1.').max(MAX_LINE_QUANTITY, `Enter at most ${MAX_LINE_QUANTITY}.`),
  }),
  response: linePrice,
});

const REQUIRED = 'This field is required.';

/**
 * Staff only. Replaces the tiers of one variant of the product (an empty list removes them): `variant_id` may be
 * left out only for a product with one variant (400 on variant_id otherwise, or for a variant of another product). Quantities from 2 to 999, rising;
 * prices below the list price and falling as the quantity rises (400 per field, e.g. tiers.1.unit_price).
 * 404 'Product not found.'
 */
export const setPriceTiers = defineContract({
  staff: staffAccess.catalogue,
  method: 'PUT',
  path: '/api/staff/products/:id/price-tiers/',
  errors: ['STAFF_ONLY'],
  params: z.object({ id: z.coerce.number({ message: 'Unknown product.' }).int('Unknown product.').min(1, 'Unknown product.') }),
  body: z.object({
    variant_id: z.number({ message: 'Choose a variant.' }).int('Choose a variant.').min(1, 'Choose a variant.').optional(),
    tiers: z.array(z.object({
      min_quantity: z.number({ message: ENTER_QUANTITY }).int(WHOLE_NUMBER)
        .min(2, 'Enter 2 or more.').max(MAX_LINE_QUANTITY, `Enter at most ${MAX_LINE_QUANTITY}.`),
      unit_price: z.string({ message: REQUIRED }).trim().regex(/^\d{1,7}(\.\d{1,2})?$/, INVALID_PRICE),
    }, { message: REQUIRED }), { message: 'Send a list of tiers.' }).max(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} tiers.`),
  }, { message: REQUIRED }),
  response: z.object({ price_tiers: z.array(priceTier) }),
});
export type SetPriceTiersBody = z.input<typeof setPriceTiers.body>;
