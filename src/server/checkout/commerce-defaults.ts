import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { exchangeRates } from '../db/schema/payments.ts';
import { promoCodes } from '../db/schema/promo.ts';

export const DEFAULT_USD_PKR_RATE = '278.5000';
export const DEFAULT_USD_EUR_RATE = '0.9200';

const YEAR_MS = 365 * 24 * 3_600_000;

/** The demo promo codes listed in the README. */
export const demoPromoCodes = (now: Date): (typeof promoCodes.$inferInsert)[] => [
  { code: 'WELCOME10', kind: 'percent', value: 1_000, perUserLimit: 1 },
  { code: 'HOSPITAL50', kind: 'fixed', value: 5_000, minSubtotalCents: 100_000 },
  { code: 'SURGERY15', kind: 'percent', value: 1_500, minSubtotalCents: 50_000, expiresAt: new Date(now.getTime() + YEAR_MS) },
];

/**
 * The USD→PKR and USD→EUR rates, each inserted when missing (payment and the price display need rates), and the demo
 * promo codes, inserted when their table is empty unless the shop starts empty (SEED=none); staff replace both later.
 */
export async function ensureCommerceDefaults(db: Db, now = new Date(), { withDemoPromoCodes = true } = {}): Promise<void> {
  await db.insert(exchangeRates).values([
    { base: 'USD', quote: 'PKR', rate: DEFAULT_USD_PKR_RATE },
    { base: 'USD', quote: 'EUR', rate: DEFAULT_USD_EUR_RATE },
  ]).onConflictDoNothing();
  if (!withDemoPromoCodes) return;
  const [codes] = await db.select({ n: count() }).from(promoCodes);
  if (codes.n === 0) await db.insert(promoCodes).values(demoPromoCodes(now)).onConflictDoNothing();
}
