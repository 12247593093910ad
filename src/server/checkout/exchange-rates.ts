import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { exchangeRates } from '../db/schema/payments.ts';
import { HttpError } from '../lib/errors.ts';

export interface UsdPkrRate {
  /** As stored, e.g. '278.5000'. */
  stored: string;
  /** The exact rate with at least two decimals, as shown to the buyer, e.g. '278.50' or '280.125'. */
  display: string;
  /** Rupees per dollar in ten-thousandths, for integer arithmetic. */
  e4: number;
}

export function parseRate(rate: string): UsdPkrRate {
  const [whole, fraction = ''] = rate.split('.');
  const digits = fraction.padEnd(4, '0').slice(0, 4);
  return { stored: rate, display: `${whole}.${digits.replace(/0{1,2}$/, '')}`, e4: Number(whole) * 10_000 + Number(digits) };
}

export async function usdToPkrRate(db: Db): Promise<UsdPkrRate> {
  const [row] = await db.select({ rate: exchangeRates.rate }).from(exchangeRates)
    .where(and(eq(exchangeRates.base, 'USD'), eq(exchangeRates.quote, 'PKR')));
  if (!row) throw new HttpError(503, 'Prices in PKR are unavailable right now. Please try again later.');
  return parseRate(row.rate);
}
