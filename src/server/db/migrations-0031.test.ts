import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0029 with a product of two variants, then given the variants' cost. */
describe('migration 0031: what a variant costs the shop', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0029_foreign_key_names');
    await client().exec(`
      insert into categories (id, slug, name) values (1, 'general-surgery', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand) values (1, 'mayo-scissors', 'Mayo Scissors', 1, 'scissors', 'Sialkot Surgical');
      insert into product_variants (product_id, position, options, model_number, price_cents, original_price_cents, weight_grams) values
        (1, 0, '{"Length": "14 cm"}', 'MS-14', 1850, 2200, 45),
        (1, 1, '{"Length": "16 cm"}', 'MS-16', 2100, null, null);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps every variant as it was, with no cost known yet', async () => {
    const { rows } = await client().query('select model_number, price_cents, original_price_cents, weight_grams, cost_cents from product_variants order by position');
    expect(rows).toEqual([
      { model_number: 'MS-14', price_cents: 1850, original_price_cents: 2200, weight_grams: 45, cost_cents: null },
      { model_number: 'MS-16', price_cents: 2100, original_price_cents: null, weight_grams: null, cost_cents: null },
    ]);
  });

  it('takes a cost of 0 or more, never a negative one', async () => {
    await client().query("update product_variants set cost_cents = 0 where model_number = 'MS-14'");
    await expect(client().query("update product_variants set cost_cents = -1 where model_number = 'MS-16'")).rejects.toThrow(/product_variants_cost/);
  });
});
