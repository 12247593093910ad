import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGs1 } from '#contracts/gs1';
import type { Database } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { productHandling, stockLots } from '../db/schema/lots.ts';
import { seedDemoCatalogue } from '../seed/demo-catalogue.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { demoGtin, HANDLING_BY_TYPE } from './demo-lots.ts';
import { listExpiringLots } from './lots.service.ts';

const now = new Date('2026-03-01T12:00:00Z');
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoCatalogue(database.db, { variantCount: 400, now });
});
afterAll(() => database?.close());

describe('demo lots and handling flags', () => {
  it('flags exactly the products of flagged instrument types', async () => {
    const flagged = await database.db.select({ type: products.instrumentType, sterile: productHandling.sterile, singleUse: productHandling.singleUse })
      .from(productHandling).innerJoin(products, eq(products.id, productHandling.productId));
    expect(flagged.length).toBeGreaterThan(0);
    for (const row of flagged) expect(HANDLING_BY_TYPE[row.type]).toBeDefined();
    const [{ unflagged }] = await database.db.select({ unflagged: sql<number>`count(*)::int` }).from(products)
      .where(sql`${products.instrumentType} in ${Object.keys(HANDLING_BY_TYPE)} and not exists (select 1 from product_handling ph where ph.product_id = ${products.id})`);
    expect(Number(unflagged)).toBe(0);
    expect(flagged.filter((row) => row.type === 'cortical-bone-screw').every((row) => row.sterile && row.singleUse)).toBe(true);
  });

  it('keeps every variant’s stock in its lots, with dated lots relative to the seed time', async () => {
    const mismatched = await database.db.select({ variantId: inventoryItems.variantId }).from(inventoryItems)
      .where(sql`${inventoryItems.currentStock} <> (select coalesce(sum(l.current_stock), 0) from stock_lots l
        where l.variant_id = ${inventoryItems.variantId})`);
    expect(mismatched).toEqual([]);
    const dated = await database.db.select({ expiry: stockLots.expiryDate, gtin: stockLots.gtin, units: stockLots.currentStock })
      .from(stockLots).where(isNotNull(stockLots.expiryDate)).orderBy(stockLots.expiryDate);
    expect(dated.map((lot) => lot.expiry)).toEqual(['2026-03-22', '2026-04-18', '2026-05-23', '2026-07-29', '2027-04-05', '2028-02-29']);
    expect(dated.map((lot) => lot.gtin)).toEqual([1, 2, 3, 4, 5, 6].map(demoGtin));
    for (const lot of dated) expect(parseGs1(`(01)${lot.gtin}(10)X`).ok).toBe(true);
    const expiring = await listExpiringLots(database.db, 90, now);
    expect(expiring.map((lot) => lot.daysLeft)).toEqual([21, 48, 83]);
    const ids = expiring.map((lot) => lot.variantId);
    const items = await database.db.select({ current: inventoryItems.currentStock }).from(inventoryItems).where(inArray(inventoryItems.variantId, ids));
    expect(items.every((item) => item.current > 0)).toBe(true);
  });
});
