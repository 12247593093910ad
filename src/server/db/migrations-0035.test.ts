import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0029 with a product sold in two lengths, then given option translations and two search indexes. */
describe('migration 0035: option translations, catalogue numbers typed without hyphens, words of names', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0029_foreign_key_names');
    await client().exec(`
      insert into categories (id, slug, name) values (1, 'general-surgery', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand) values (1, 'mayo-scissors', 'Mayo Scissors', 1, 'scissors', 'Sialkot Surgical');
      insert into product_options (product_id, position, name, values) values (1, 0, 'Length', '{"14 cm","17 cm"}');
      insert into product_variants (product_id, position, options, model_number, price_cents) values
        (1, 0, '{"Length": "14 cm"}', 'SS-12345', 2000), (1, 1, '{"Length": "17 cm"}', 'SS-12346-B', 2400);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps every option as it was, with no translations yet', async () => {
    const { rows } = await client().query('select product_id, name, values, translations from product_options');
    expect(rows).toEqual([{ product_id: 1, name: 'Length', values: ['14 cm', '17 cm'], translations: {} }]);
  });

  it('finds each variant by its catalogue number without hyphens, through an index', async () => {
    const compact = `regexp_replace(lower(model_number), '[^a-z0-9]', '', 'g')`;
    const { rows } = await client().query(`select model_number from product_variants where ${compact} in ('ss12345', 'ss12346b') order by 1`);
    expect(rows).toEqual([{ model_number: 'SS-12345' }, { model_number: 'SS-12346-B' }]);
    const { rows: indexes } = await client().query(`select indexname from pg_indexes where tablename = 'product_variants' and indexname like '%compact%'`);
    expect(indexes).toEqual([{ indexname: 'product_variants_model_number_compact_idx' }]);
  });

  it("indexes the words of every product's name", async () => {
    const { rows } = await client().query(`select name from products where to_tsvector('english', name) @@ websearch_to_tsquery('english', 'scissor')`);
    expect(rows).toEqual([{ name: 'Mayo Scissors' }]);
    const { rows: indexes } = await client().query(`select indexdef from pg_indexes where indexname = 'products_name_words_idx'`);
    expect(indexes[0]).toMatchObject({ indexdef: expect.stringContaining('USING gin') });
  });
});
