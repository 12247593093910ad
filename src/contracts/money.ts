import { z } from 'zod';

/**
 * The one place money changes between integer minor units (cents, paisa: how it is stored and added up) and major
 * units (dollars, rupees: decimal strings and numbers on the wire, in forms and on screen). Server and storefront both
 * convert through these, never with an inline `/ 100` or `* 100`.
 */
const MINOR_PER_MAJOR = 100;

/** A decimal amount on the wire, e.g. "129.50". */
export const decimalString = z.string().regex(/^-?\d+\.\d{2}$/);

/** Integer minor units to the wire's decimal string: 12950 → "129.50". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / MINOR_PER_MAJOR)}.${String(abs % MINOR_PER_MAJOR).padStart(2, '0')}`;
}

/** Integer minor units to a number of major units, for answers the spec gives as numbers: 12950 → 129.5. */
export const centsToNumber = (cents: number): number => cents / MINOR_PER_MAJOR;

/** Major units as a number (typed by a person, or a wire number) to integer minor units, half up: 19.99 → 1999. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * MINOR_PER_MAJOR);

/** A decimal string of at most two decimals to integer minor units, exactly: '12.5' → 1250. */
export function decimalToCents(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * MINOR_PER_MAJOR + Number(fraction.padEnd(2, '0'));
}

/** `percent` of an amount in minor units, rounded half up to the minor unit: 30% of 17555 → 5267. */
export const percentOfMinor = (minor: number, percent: number): number => Math.floor((minor * percent + 50) / 100);

/**
 * An order's money in US dollars, line by line: subtotal − discount + shipping + tax + fee = total. `fee` is the card
 * processing fee (0 for other methods).
 */
export const moneyBreakdown = z.object({
  subtotal: decimalString,
  discount: decimalString,
  shipping: decimalString,
  tax: decimalString,
  fee: decimalString,
  total: decimalString,
});
export type MoneyBreakdown = z.infer<typeof moneyBreakdown>;

/** A rate as stored ('278.5000', '280.125') in ten-thousandths of a unit per US dollar, for integer arithmetic. */
export function rateE4(rate: string): number {
  const [whole, fraction = ''] = rate.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0').slice(0, 4));
}

/** The exact rate with at least two decimals, as shown to a buyer: '278.5000' → '278.50', '280.1250' → '280.125'. */
export function rateDisplay(rate: string): string {
  const [whole, fraction = ''] = rate.split('.');
  return `${whole}.${fraction.padEnd(4, '0').slice(0, 4).replace(/0{1,2}$/, '')}`;
}

/**
 * US cents in another currency's minor units at `rate` (units per dollar, as stored), rounded half up to a multiple
 * of `step` minor units (1: to the cent or paisa; 100: to the whole unit).
 */
export function convertUsdCents(cents: number, rate: string, step = 1): number {
  // cents × rate in ten-thousandths is minor units × 10⁴: one rounding, in integers, at the step.
  const divisor = 10_000 * step;
  return Math.floor((cents * rateE4(rate) * 2 + divisor) / (divisor * 2)) * step;
}

/** Rupees are shown and charged whole: 100 paisa. */
export const PKR_STEP = 100;

/**
 * The one rounding rule for rupees: a dollar amount is converted at the stored rate and rounded half up to the whole
 * rupee. The storefront shows that figure and the checkout charges it (the card fee is then 2.5% of it, to the paisa).
 * Returns paisa.
 */
export const usdCentsToPkrMinor = (cents: number, rate: string): number => convertUsdCents(cents, rate, PKR_STEP);
