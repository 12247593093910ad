import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/catalog.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createViewCounter } from './view-counter.ts';

let database: Database;
let ids: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  const { products: inserted } = await insertCatalogue(database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_400 },
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800 },
    { name: 'Retired Clamp', category: 'general-surgery', priceCents: 5_000 },
  ]);
  ids = inserted.map((product) => product.id);
});
afterAll(() => database.close());

async function viewsOf(productId: number): Promise<number> {
  const [row] = rowsOf<{ views: number }>(await database.db.execute(
    sql`select coalesce(sum(views), 0)::int as views from product_views where product_id = ${productId}`));
  return row.views;
}

describe('view counter', () => {
  it('writes the views it counted together, adding to what the day already has', async () => {
    const views = createViewCounter(database.db, 60_000);
    views.record(ids[0]);
    views.record(ids[0]);
    views.record(ids[1]);
    expect(await viewsOf(ids[0])).toBe(0);
    await views.flush();
    expect([await viewsOf(ids[0]), await viewsOf(ids[1])]).toEqual([2, 1]);
    views.record(ids[0]);
    await views.flush();
    expect(await viewsOf(ids[0])).toBe(3);
  });

  it('writes on its own within its interval', async () => {
    const views = createViewCounter(database.db, 10);
    views.record(ids[1]);
    await expect.poll(() => viewsOf(ids[1])).toBe(2);
  });

  it('still writes the other products when one was deleted meanwhile', async () => {
    const views = createViewCounter(database.db, 60_000);
    const doomed = { id: ids[2] };
    views.record(doomed.id);
    views.record(ids[0]);
    await database.db.delete(products).where(eq(products.id, doomed.id));
    await views.flush();
    expect(await viewsOf(ids[0])).toBe(4);
    expect(await viewsOf(doomed.id)).toBe(0);
  });
});
