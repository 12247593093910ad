import { z } from 'zod';
import { ENTER_QUANTITY, INVALID_PRICE, WHOLE_NUMBER } from './issues.ts';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { defineContract } from './define.ts';
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
