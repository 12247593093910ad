import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0021 with two products of several variants, whose summaries the variant trigger keeps. */
describe('migration 0022: product summaries refreshed by key', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const query = async <T>(sql: string) => (await client().query<T>(sql)).rows;
  const summaries = () => query('select id, price_cents, price_max_cents, variant_count, model_number from products order by id');
  /** Sequential reads of the products table so far (the statistics are flushed first: they are kept back a moment). */
  const productScans = async () => {
    await client().query('select pg_stat_force_next_flush()');
    await client().query('select pg_stat_clear_snapshot()');
    return (await query<{ n: number }>("select seq_scan::int as n from pg_stat_user_tables where relname = 'products'"))[0].n;
  };

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0021_category_images');
    await client().exec(`
      insert into categories (id, slug, name) values (1, 'general-surgery', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand) values
        (1, 'mayo-scissors', 'Mayo Scissors', 1, 'scissors', 'Acme'), (2, 'kocher-clamp', 'Kocher Clamp', 1, 'clamp', 'Acme');
      insert into product_variants (product_id, position, options, model_number, price_cents) values
        (1, 0, '{"Length":"14 cm"}', 'MS-14', 2000), (1, 1, '{"Length":"18 cm"}', 'MS-18', 2600),
        (2, 0, '{}', 'KC-1', 900);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps every product and the summaries its variants gave it', async () => {
    expect(await summaries()).toEqual([
      { id: 1, price_cents: 2000, price_max_cents: 2600, variant_count: 2, model_number: 'MS-14' },
      { id: 2, price_cents: 900, price_max_cents: 900, variant_count: 1, model_number: 'KC-1' },
    ]);
  });

  it('refreshes only the changed product, reaching it by its key rather than reading every product', async () => {
    // Two products are cheaper to read whole than through their key, as the planner knows once a later migration
    // indexes them; with sequential reads discouraged, only a refresh that cannot reach a product by its key reads them.
    await client().exec('set enable_seqscan = off');
    const scans = await productScans();
    await client().exec(`update product_variants set price_cents = 1500 where model_number = 'MS-18'`);
    await client().exec(`insert into product_variants (product_id, position, options, model_number, price_cents, is_active)
      values (2, 1, '{"Size":"L"}', 'KC-2', 1200, false)`);
    await client().exec('reset enable_seqscan');
    expect(await summaries()).toEqual([
      { id: 1, price_cents: 1500, price_max_cents: 2000, variant_count: 2, model_number: 'MS-14' },
      { id: 2, price_cents: 900, price_max_cents: 900, variant_count: 1, model_number: 'KC-1' },
    ]);
    // The summaries query above reads every product once; the two variant writes read none.
    expect(await productScans()).toBe(scans + 1);
  });
});
