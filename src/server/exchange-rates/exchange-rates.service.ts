import { eq } from 'drizzle-orm';
import { CURRENCIES } from '#contracts/auth';
import type { Currency, ExchangeRates } from '#contracts/exchange-rates';
import type { Db } from '../db/client.ts';
import { exchangeRates } from '../db/schema/payments.ts';

const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

/** Every stored rate from US dollars into a currency the shop shows prices in; a dollar is always a dollar. */
export async function listUsdRates(db: Db): Promise<ExchangeRates> {
  const rows = await db.select().from(exchangeRates).where(eq(exchangeRates.base, 'USD'));
  const rates: ExchangeRates['rates'] = { USD: '1.0000' };
  let newest = 0;
  for (const row of rows) {
    if (!isCurrency(row.quote) || row.quote === 'USD') continue;
    rates[row.quote] = row.rate;
    newest = Math.max(newest, row.updatedAt.getTime());
  }
  return { base: 'USD', rates, updated_at: new Date(newest).toISOString() };
}
