import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { exchangeRates } from '../db/schema/payments.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { ensureCommerceDefaults } from './commerce-defaults.ts';
import { usdToPkrRate } from '../pricing/exchange-rates.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('commerce configuration', () => {
  it('reads TAX_RATE as a percentage, 0 by default, and the payment mode as sandbox unless told live', () => {
    expect(loadConfig({}).TAX_RATE).toBe(0);
    expect(loadConfig({ TAX_RATE: '17' }).TAX_RATE).toBe(17);
    expect(loadConfig({ TAX_RATE: '12.5' }).TAX_RATE).toBe(12.5);
    expect(configError({ TAX_RATE: '150' })).toMatch(/^TAX_RATE: expected a percentage from 0 to 100/);
    expect(configError({ TAX_RATE: 'abc' })).toMatch(/^TAX_RATE:/);
    expect(loadConfig({}).PAYMENT_MODE).toBe('sandbox');
    expect(loadConfig({ PAYMENT_MODE: 'live' }).PAYMENT_MODE).toBe('live');
    expect(configError({ PAYMENT_MODE: 'production' })).toBe('PAYMENT_MODE: expected sandbox or live');
    expect(configError({ JAZZCASH_INTEGRITY_SALT: 'short' })).toBe('JAZZCASH_INTEGRITY_SALT: expected at least 8 characters');
  });
});

describe('ensureCommerceDefaults', () => {
  it('inserts the USD→PKR rate and the demo promo codes once, and leaves changed values alone', async () => {
    await expect(usdToPkrRate(database.db)).rejects.toMatchObject({ status: 503 });
    await ensureCommerceDefaults(database.db, new Date(Date.UTC(2026, 0, 15)));
    expect(await usdToPkrRate(database.db)).toEqual({ stored: '278.5000', display: '278.50' });
    const codes = await database.db.select().from(promoCodes).orderBy(promoCodes.code);
    expect(codes.map((c) => [c.code, c.kind, c.value, c.minSubtotalCents])).toEqual([
      ['HOSPITAL50', 'fixed', 5_000, 100_000], ['SURGERY15', 'percent', 1_500, 50_000], ['WELCOME10', 'percent', 1_000, 0],
    ]);
    expect(codes.find((c) => c.code === 'SURGERY15')!.expiresAt).toEqual(new Date(Date.UTC(2027, 0, 15)));

    await database.db.update(exchangeRates).set({ rate: '280.1250' });
    await ensureCommerceDefaults(database.db);
    expect(await usdToPkrRate(database.db)).toEqual({ stored: '280.1250', display: '280.125' });
    expect(await database.db.select().from(promoCodes)).toHaveLength(3);
  });
});
