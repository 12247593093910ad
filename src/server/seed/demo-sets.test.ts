import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { variantRegulatory } from '../db/schema/regulatory.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { DEMO_SET_MODEL_NUMBER, seedDemoSets } from './demo-sets.ts';

describe('the demo instrument set', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    const now = new Date('2026-03-01T00:00:00Z');
    await seedDemoCatalogue(database.db, { variantCount: 150, now });
    await database.db.transaction((tx) => seedDemoSets(tx, now));
  });
  afterAll(() => database.close());

  it('seeds a laparotomy set of demo instruments whose stock is what its standard components make', async () => {
    const [set] = await database.db.select().from(productVariants).where(eq(productVariants.modelNumber, DEMO_SET_MODEL_NUMBER));
    const rows = await database.db.select().from(setComponents).where(eq(setComponents.setVariantId, set.id)).orderBy(setComponents.position);
    expect(rows.slice(0, 5).map((row) => [row.quantity, row.role])).toEqual([
      [1, 'standard'], [2, 'standard'], [1, 'optional'], [1, 'extra'], [2, 'alternative'],
    ]);
    expect(rows[4].replacesVariantId).toBe(rows[1].componentVariantId);
    const free = new Map((await database.db.select().from(inventoryItems)).map((row) => [row.variantId, row.currentStock - row.reservedStock]));
    const made = Math.min(...rows.filter((row) => row.role === 'standard' || row.role === 'optional')
      .map((row) => Math.floor(Math.max(0, free.get(row.componentVariantId)!) / row.quantity)));
    expect(free.get(set.id)).toBe(made);
    expect(made).toBeGreaterThan(0);
  });

  it('records the set as supplied for sterilisation before use, and reusable', async () => {
    const [set] = await database.db.select().from(productVariants).where(eq(productVariants.modelNumber, DEMO_SET_MODEL_NUMBER));
    const [regulatory] = await database.db.select().from(variantRegulatory).where(eq(variantRegulatory.variantId, set.id));
    expect(regulatory).toMatchObject({ sterility: 'sterilise_before_use', use: 'reusable' });
  });
});
