import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/**
 * A shop from before 0049: the index the catalogue's newest-first pages walk gains the product id, the list's tie
 * break, so a deep page's ids are read from the index alone instead of from every product row it skips.
 */
describe('migration 0049: the newest-first index holds the id', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0048_search_prepared_names');
    await client().exec(`
      insert into categories (id, slug, name) values (1, 'general', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand, status, created_at) values
        (1, 'mayo', 'Mayo Scissors', 1, 'mayo-scissors', 'SS', 'active', '2026-01-01'),
        (2, 'kelly', 'Kelly Forceps', 1, 'kelly-hemostat', 'SS', 'active', '2026-01-01'),
        (3, 'adson', 'Adson Forceps', 1, 'adson', 'SS', 'archived', '2026-02-01');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps every product', async () => {
    const { rows } = await client().query<{ id: number; status: string }>('select id, status from products order by id');
    expect(rows).toEqual([{ id: 1, status: 'active' }, { id: 2, status: 'active' }, { id: 3, status: 'archived' }]);
  });

  it('answers a newest-first page of active products from the index alone', async () => {
    const { rows: [index] } = await client().query<{ definition: string }>(
      `select indexdef as definition from pg_indexes where indexname = 'products_active_created_idx'`);
    expect(index.definition).toContain('(is_active, created_at, id)');
    await client().exec('vacuum products');
    await client().exec('set enable_seqscan = off; set enable_bitmapscan = off');
    const { rows: plan } = await client().query<{ 'QUERY PLAN': string }>(
      'explain select id from products where is_active order by created_at desc, id desc limit 1 offset 1');
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan Backward using products_active_created_idx/);
    const { rows: page } = await client().query<{ id: number }>(
      'select id from products where is_active order by created_at desc, id desc limit 1 offset 1');
    expect(page).toEqual([{ id: 1 }]);
    await client().exec('reset enable_seqscan; reset enable_bitmapscan');
  });
});
