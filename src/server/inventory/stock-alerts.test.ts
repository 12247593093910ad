import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../db/schema/inventory.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let staff: Record<string, string>;
let sold: number;
let low: number;
let never: number;
const at = (day: string) => new Date(`2026-01-${day}T09:30:00.000Z`);

/*
 * Ledgers (available = current − reserved; reserve and release record the change to reserved stock):
 *   Sold Out Scissors  receive 10 (01-01), reserve 10 (01-04 → 0), release 10 (01-05 → 10), sale −10 (01-05 → 0)
 *   Low Forceps        receive 20 (01-01), sale −16 (01-07 → 4, threshold 5)
 *   Never Stocked      no movements
 */
beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Sold Out Scissors', category: 'general-surgery', priceCents: 1_000, stock: 0 },
    { name: 'Low Forceps', category: 'general-surgery', priceCents: 1_000, stock: 4, lowStockThreshold: 5 },
    { name: 'Never Stocked Retractor', category: 'general-surgery', priceCents: 1_000, stock: 0 },
  ]);
  [sold, low, never] = products.map((p) => p.variantId);
  await db.insert(stockMovements).values([
    { variantId: sold, kind: 'receive', quantity: 10, createdAt: at('01') },
    { variantId: sold, kind: 'reserve', quantity: 10, createdAt: at('04') },
    { variantId: sold, kind: 'release', quantity: -10, createdAt: at('05') },
    { variantId: sold, kind: 'sale', quantity: -10, createdAt: new Date(at('05').getTime() + 1) },
    { variantId: low, kind: 'receive', quantity: 20, createdAt: at('01') },
    { variantId: low, kind: 'sale', quantity: -16, createdAt: at('07') },
  ]);
  staff = (await createTestUser(db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());

describe('GET /api/inventory/alerts/: since when', () => {
  it('dates each alert by the ledger movement that took available stock to the limit, not by the first look', async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/inventory/alerts/', headers: staff });
    expect(res.statusCode).toBe(200);
    const alerts = new Map((res.json().alerts as { variantId: number; kind: string; openedAt: string }[]).map((a) => [a.variantId, a]));

    expect(alerts.get(sold)).toMatchObject({ kind: 'out', openedAt: new Date(at('05').getTime() + 1).toISOString() });
    expect(alerts.get(low)).toMatchObject({ kind: 'low', openedAt: at('07').toISOString() });
    // Without a ledger there is nothing better than the moment the shop noticed.
    expect(Date.parse(alerts.get(never)!.openedAt)).toBeGreaterThanOrEqual(before - 1000);
  });
});
