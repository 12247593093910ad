import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';

/* Volume pricing: quantity tiers per product. */

export const MAX_PRICE_TIERS = 5;

/** From `min_quantity` units on one line, each unit costs `unit_price` (USD). */
export const priceTier = z.object({
  min_quantity: z.number().int(),
  unit_price: decimalString,
});
export type PriceTier = z.infer<typeof priceTier>;

const REQUIRED = 'This field is required.';

/**
 * Staff only. Replaces the product's tiers (an empty list removes them). Quantities from 2 to 999, rising;
 * prices below the list price and falling as the quantity rises (400 per field, e.g. tiers.1.unit_price).
 * 404 'Product not found.'
 */
export const setPriceTiers = defineContract({
  method: 'PUT',
  path: '/api/staff/products/:id/price-tiers/',
  errors: ['STAFF_ONLY'],
  params: z.object({ id: z.coerce.number({ message: 'Unknown product.' }).int('Unknown product.').min(1, 'Unknown product.') }),
  body: z.object({
    tiers: z.array(z.object({
      min_quantity: z.number({ message: 'Enter a quantity.' }).int('Enter a whole number.')
        .min(2, 'Enter 2 or more.').max(MAX_LINE_QUANTITY, `Enter at most ${MAX_LINE_QUANTITY}.`),
      unit_price: z.string({ message: REQUIRED }).trim().regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter a price like 12.50.'),
    }, { message: REQUIRED }), { message: 'Send a list of tiers.' }).max(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} tiers.`),
  }, { message: REQUIRED }),
  response: z.object({ price_tiers: z.array(priceTier) }),
});
export type SetPriceTiersBody = z.input<typeof setPriceTiers.body>;
