import { z } from 'zod';
import { CURRENCIES } from './auth.ts';
import { defineContract } from './define.ts';

export type Currency = (typeof CURRENCIES)[number];

/**
 * Public. Units of each currency per one US dollar, as stored (e.g. PKR '278.5000'); USD is always '1.0000'. A
 * currency without a stored rate is left out. `updated_at` is the newest change of any rate.
 */
export const getExchangeRates = defineContract({
  method: 'GET',
  path: '/api/exchange-rates',
  response: z.object({
    base: z.literal('USD'),
    rates: z.partialRecord(z.enum(CURRENCIES), z.string()),
    updated_at: z.string(),
  }),
});
export type ExchangeRates = z.infer<typeof getExchangeRates.response>;
