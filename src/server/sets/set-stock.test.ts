import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { createTestDatabase } from '../test/test-database.ts';

/**
 * A set's stock row is kept at commit by triggers (migration 0047): under concurrent transactions moving its
 * components' stock (as checkouts do, rows in variant order), none waits on another in a circle, and after they all
 * commit the set holds what its components make.
 */
describe('set stock under concurrent component changes', () => {
  let database: Database;
  const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);

  beforeAll(async () => {
    database = await createTestDatabase();
    await run(sql`insert into categories (id, slug, name) values (9001, 'set-stock', 'Set stock')`);
    await run(sql`insert into products (id, slug, name, category_id, instrument_type, brand) values
      (9001, 'set-a', 'A', 9001, 'scissors', 'SS'), (9002, 'set-b', 'B', 9001, 'forceps', 'SS'), (9003, 'set-c', 'C', 9001, 'clamp', 'SS'),
      (9004, 'set-one', 'Set one', 9001, 'set', 'SS'), (9005, 'set-two', 'Set two', 9001, 'set', 'SS')`);
    await run(sql`insert into product_variants (id, product_id, model_number, price_cents) values
      (9001, 9001, 'ST-A', 100), (9002, 9002, 'ST-B', 100), (9003, 9003, 'ST-C', 100), (9004, 9004, 'ST-1', 900), (9005, 9005, 'ST-2', 900)`);
    await run(sql`insert into inventory_items (variant_id, current_stock) values (9001, 400), (9002, 300), (9003, 500), (9004, 0), (9005, 0)`);
    // Set one: A + 2 B; set two: B + C. B is in both.
    await run(sql`insert into set_components (set_variant_id, component_variant_id, quantity) values
      (9004, 9001, 1), (9004, 9002, 2), (9005, 9002, 1), (9005, 9003, 1)`);
  });
  afterAll(() => database.close());

  const stock = async (variantId: number) => rowsOf<{ free: number }>(
    await run(sql`select current_stock - reserved_stock as free from inventory_items where variant_id = ${variantId}`))[0].free;

  it('starts at what the components make: a component shared by two sets counts in each', async () => {
    expect([await stock(9004), await stock(9005)]).toEqual([150, 300]);
  });

  it('ends at what the components make after many transactions reserve them at once', async () => {
    const reserve = (variantIds: number[], units: number[]) => database.db.transaction(async (tx) => {
      for (const [i, variantId] of variantIds.entries()) {
        await tx.execute(sql`update inventory_items set reserved_stock = reserved_stock + ${units[i]} where variant_id = ${variantId}`);
      }
    });
    await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 3 === 0
      ? reserve([9001, 9002], [1, 2]) // one of set one
      : i % 3 === 1 ? reserve([9002, 9003], [1, 1]) // one of set two
        : reserve([9002], [3])))); // B alone
    // B: 300 − 8×2 − 8×1 − 8×3 = 252 free; A: 392; C: 492.
    expect([await stock(9001), await stock(9002), await stock(9003)]).toEqual([392, 252, 492]);
    expect([await stock(9004), await stock(9005)]).toEqual([126, 252]);
  });
});
