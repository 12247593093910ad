import { z } from 'zod';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { setChoice } from './set-choice.ts';
import { setBlocked } from './set-sales.ts';

/**
 * What a customised set comes to for the signed-in buyer: the set's unit price less the removed optional components,
 * plus the extras, plus each alternative less what it replaces (list prices, times their quantities per set); the
 * same function prices the cart line and the order. `available`: sets that can be made of the chosen components.
 * 400 per field for a choice outside the set's rules; 403 SET_NOT_CUSTOMISABLE for a customisation by an individual
 * account; 404 when the variant is not a set on sale.
 */
export const previewSetPrice = defineContract({
  method: 'POST',
  path: '/api/sets/:variant_id/price/',
  errors: ['SET_NOT_CUSTOMISABLE'],
  params: z.object({ variant_id: z.coerce.number({ message: 'Choose a set.' }).int('Choose a set.').min(1, 'Choose a set.') }),
  body: z.object({
    set_choice: setChoice.default({ remove: [], add: [], swap: [] }),
    quantity: z.number({ message: 'Enter a quantity.' }).int('Enter a whole number.').min(1, 'Enter at least 1.')
      .max(MAX_LINE_QUANTITY, `Enter at most ${MAX_LINE_QUANTITY}.`).default(1),
  }),
  response: z.object({
    unit_price: decimalString,
    total_price: decimalString,
    available: z.number().int(),
    /** '' for the standard set; two lines of one set with different keys are two cart lines. */
    configuration_key: z.string(),
    components: z.array(z.object({ variant_id: z.number().int(), quantity: z.number().int() })),
    blocked: setBlocked.nullable(),
  }),
});

