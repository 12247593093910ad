import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/**
 * A shop from before search's prepared names: 0048 lists every distinct product name with its products, and stores
 * each document's heading (its A and B weights), for the products already there and for every later change.
 */
describe('migration 0048: search names and headings', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const names = async () => (await client().query<{ name: string; lowered: string; words: string[]; product_ids: number[] }>(
    'select name, lowered, words, product_ids from search_names order by name')).rows;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0047_sets_private_label_regulatory');
    await client().exec(`
      insert into categories (id, slug, name) values (1, 'general', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand, status) values
        (1, 'mayo-14', 'Mayo Scissors, Curved', 1, 'mayo-scissors', 'SS', 'active'),
        (2, 'mayo-16', 'Mayo Scissors, Curved', 1, 'mayo-scissors', 'SS', 'active'),
        (3, 'kelly', 'Kelly Forceps', 1, 'kelly-hemostat', 'SS', 'active'),
        (4, 'kelly-upper', 'KELLY FORCEPS', 1, 'kelly-hemostat', 'SS', 'active');
      insert into product_variants (id, product_id, model_number, price_cents, options) values
        (11, 1, 'SS-1', 1000, '{"Length":"14 cm"}'), (21, 2, 'SS-2', 1000, '{}'), (31, 3, 'SS-3', 800, '{}'), (41, 4, 'SS-4', 800, '{}');
      insert into product_features (product_id, position, text) values (1, 0, 'Tungsten carbide inserts');
      insert into product_specifications (product_id, key, value, position) values (3, 'Material', 'Stainless steel', 0);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('lists each distinct name once, with its lowercase form, its words and its products', async () => {
    expect(await names()).toEqual([
      { name: 'KELLY FORCEPS', lowered: 'kelly forceps', words: ['kelly', 'forceps'], product_ids: [4] },
      { name: 'Kelly Forceps', lowered: 'kelly forceps', words: ['kelly', 'forceps'], product_ids: [3] },
      { name: 'Mayo Scissors, Curved', lowered: 'mayo scissors, curved', words: ['mayo', 'scissors', 'curved'], product_ids: [1, 2] },
    ]);
    const { rows } = await client().query<{ stems: string }>(`select stems::text from search_names where name = 'Kelly Forceps'`);
    expect(rows[0].stems).toBe(`'forcep':2 'kelli':1`);
  });

  it("stores each document's heading: the same lexemes and positions as its A and B weights", async () => {
    const { rows } = await client().query<{ product_id: number; same: boolean; heading: string }>(`select product_id,
      heading = ts_filter(document, '{a,b}') as same, heading::text from product_search_documents order by product_id`);
    expect(rows.map((row) => row.same)).toEqual([true, true, true, true]);
    expect(rows[0].heading).toContain(`'14':`);
    expect(rows[0].heading).not.toContain('carbid');
  });

  it('keeps names in step as products are added, renamed, deactivated and deleted', async () => {
    await client().exec(`insert into products (id, slug, name, category_id, instrument_type, brand, status) values
      (5, 'kelly-2', 'Kelly Forceps', 1, 'kelly-hemostat', 'SS', 'active'), (6, 'adson', 'Adson Forceps', 1, 'adson', 'SS', 'active')`);
    await client().exec(`update products set name = 'Mayo Scissors, Straight' where id = 2`);
    await client().exec(`update products set status = 'archived', price_cents = 5 where id in (1, 3)`);
    await client().exec(`delete from products where id = 4`);
    expect((await names()).map(({ name, product_ids }) => [name, product_ids])).toEqual([
      ['Adson Forceps', [6]],
      ['Kelly Forceps', [3, 5]],
      ['Mayo Scissors, Curved', [1]],
      ['Mayo Scissors, Straight', [2]],
    ]);
    // Two products trading names in one statement.
    await client().exec(`update products set name = case id when 5 then 'Adson Forceps' else 'Kelly Forceps' end where id in (5, 6)`);
    await client().exec(`delete from products where id in (1, 2)`);
    expect((await names()).map(({ name, product_ids }) => [name, product_ids])).toEqual([
      ['Adson Forceps', [5]],
      ['Kelly Forceps', [3, 6]],
    ]);
  });

  it("rebuilds a product's heading with its document", async () => {
    await client().exec(`update product_variants set options = '{"Length":"18 cm"}' where id = 31`);
    const { rows } = await client().query<{ heading: string; same: boolean }>(`select heading::text,
      heading = ts_filter(document, '{a,b}') as same from product_search_documents where product_id = 3`);
    expect(rows[0].same).toBe(true);
    expect(rows[0].heading).toContain(`'18'`);
  });
});
