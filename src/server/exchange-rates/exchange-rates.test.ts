import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCommerceDefaults } from '../checkout/commerce-defaults.ts';
import { exchangeRates } from '../db/schema/payments.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getRates = () => t.app.inject({ method: 'GET', url: '/api/exchange-rates' });

describe('GET /api/exchange-rates', () => {
  it('answers signed out with only the dollar while no rate is stored', async () => {
    const res = await getRates();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ base: 'USD', rates: { USD: '1.0000' }, updated_at: new Date(0).toISOString() });
  });

  it('gives the stored PKR and EUR rates, revalidated on every use, and skips currencies the shop does not show', async () => {
    await ensureCommerceDefaults(t.database.db);
    await t.database.db.insert(exchangeRates).values({ base: 'USD', quote: 'GBP', rate: '0.7900' });
    const changed = new Date('2026-03-01T10:00:00Z');
    await t.database.db.update(exchangeRates).set({ rate: '281.2500', updatedAt: changed })
      .where(and(eq(exchangeRates.base, 'USD'), eq(exchangeRates.quote, 'PKR')));
    await t.database.db.update(exchangeRates).set({ updatedAt: new Date('2026-02-01T00:00:00Z') })
      .where(and(eq(exchangeRates.base, 'USD'), eq(exchangeRates.quote, 'EUR')));

    const res = await getRates();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      base: 'USD', rates: { USD: '1.0000', PKR: '281.2500', EUR: '0.9200' }, updated_at: changed.toISOString(),
    });
  });

  it('keeps a changed rate when the defaults are ensured again at the next start', async () => {
    await ensureCommerceDefaults(t.database.db);
    expect((await getRates()).json().rates.PKR).toBe('281.2500');
  });
});
