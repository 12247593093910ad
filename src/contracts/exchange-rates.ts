import { z } from 'zod';
import { CURRENCIES } from './auth.ts';
import { defineContract } from './define.ts';
import { staffAccess } from './staff-roles.ts';

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

/*
 * Staff set the rates from US dollars into the currencies the shop shows besides dollars. Catalogue staff and the
 * owner only. Prices in those currencies use a new rate from the next request on.
 */

export const STAFF_RATE_CURRENCIES = ['PKR', 'EUR'] as const satisfies readonly Currency[];
export type StaffRateCurrency = (typeof STAFF_RATE_CURRENCIES)[number];

/** What a sane rate lies between, per currency: a typo such as 2.785 or 27850 for PKR is refused. */
export const RATE_BOUNDS: Record<StaffRateCurrency, { min: number; max: number }> = {
  PKR: { min: 50, max: 1_000 },
  EUR: { min: 0.2, max: 5 },
};

const RATE = /^\d{1,6}(\.\d{1,4})?$/;
const ENTER_RATE = 'Enter a rate above 0 with at most 4 decimals, such as 278.5.';

export const rateChange = z.object({
  at: z.string(),
  by: z.string(),
  /** Null for the first rate stored. */
  from: z.string().nullable(),
  to: z.string(),
});
export type RateChange = z.infer<typeof rateChange>;

export const staffRate = z.object({
  currency: z.enum(STAFF_RATE_CURRENCIES),
  /** Units per US dollar, as stored ('278.5000'); null while none is stored. */
  rate: z.string().nullable(),
  updated_at: z.string().nullable(),
  min: z.number(),
  max: z.number(),
  /** Staff changes, newest first (at most the last 50). */
  history: z.array(rateChange),
});
export type StaffRate = z.infer<typeof staffRate>;

export const listStaffExchangeRates = defineContract({
  staff: staffAccess.catalogue,
  method: 'GET',
  path: '/api/staff/exchange-rates/',
  errors: ['STAFF_ONLY'],
  response: z.object({ rates: z.array(staffRate) }),
});

/** 400 on `rate` when it is not a positive number of at most 4 decimals or lies outside the currency's bounds. */
export const updateExchangeRate = defineContract({
  staff: staffAccess.catalogue,
  method: 'PUT',
  path: '/api/staff/exchange-rates/:currency/',
  errors: ['STAFF_ONLY'],
  params: z.object({ currency: z.enum(STAFF_RATE_CURRENCIES, { message: 'Choose PKR or EUR.' }) }),
  body: z.object({
    rate: z.string({ message: ENTER_RATE }).trim().regex(RATE, ENTER_RATE)
      .refine((value) => !RATE.test(value) || Number(value) > 0, ENTER_RATE),
  }, { message: ENTER_RATE }),
  response: staffRate,
});
