import { and, eq } from 'drizzle-orm';
import { rateDisplay } from '#contracts/money';
import { prepared, type Db } from '../db/client.ts';
import { exchangeRates } from '../db/schema/payments.ts';
import { HttpError } from '../lib/errors.ts';

export interface UsdPkrRate {
  /** As stored, e.g. '278.5000'. */
  stored: string;
  /** The exact rate with at least two decimals, as shown to the buyer, e.g. '278.50' or '280.125'. */
  display: string;
}

export function parseRate(rate: string): UsdPkrRate {
  return { stored: rate, display: rateDisplay(rate) };
}

export async function usdToPkrRate(db: Db): Promise<UsdPkrRate> {
  const [row] = await prepared(db.select({ rate: exchangeRates.rate }).from(exchangeRates)
    .where(and(eq(exchangeRates.base, 'USD'), eq(exchangeRates.quote, 'PKR'))), 'usd_pkr_rate');
  if (!row) throw new HttpError(503, 'Prices in PKR are unavailable right now. Please try again later.');
  return parseRate(row.rate);
}
