import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/**
 * A shop from before sets, private label and regulatory data: 0047 gives each variant of a product with handling
 * flags its regulatory row from them, and from then on a set's stock row follows its components.
 */
describe('migration 0047: sets, private label and regulatory data', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const stockOf = async (variantId: number) =>
    (await client().query<{ current_stock: number; reserved_stock: number }>(
      `select current_stock, reserved_stock from inventory_items where variant_id = ${variantId}`)).rows[0];

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0046_punchout_return_target');
    await client().exec(`
      insert into categories (id, slug, name) values (1, 'general', 'General');
      insert into products (id, slug, name, category_id, instrument_type, brand, status) values
        (1, 'mayo-scissors', 'Mayo Scissors', 1, 'scissors', 'SS', 'active'),
        (2, 'suture-kit', 'Suture Kit', 1, 'kit', 'SS', 'active'),
        (3, 'kelly-forceps', 'Kelly Forceps', 1, 'forceps', 'SS', 'active'),
        (4, 'laparotomy-set', 'Basic Laparotomy Set', 1, 'set', 'SS', 'active');
      insert into product_variants (id, product_id, model_number, price_cents, options) values
        (11, 1, 'SS-1', 1000, '{"Length":"14 cm"}'), (12, 1, 'SS-2', 1200, '{"Length":"18 cm"}'),
        (21, 2, 'SS-3', 500, '{}'), (31, 3, 'SS-4', 800, '{}'), (41, 4, 'SS-5', 9000, '{}');
      insert into product_handling (product_id, sterile, single_use, latex_free) values (1, false, false, false), (2, true, true, true);
      insert into inventory_items (variant_id, current_stock, reserved_stock) values (11, 9, 2), (12, 4, 0), (21, 3, 0), (31, 10, 1), (41, 0, 0);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('gives every variant of a product with handling flags its sterility, use and latex from them', async () => {
    const { rows } = await client().query(`select variant_id, sterility, use, contains_latex, mri_safety, gmdn_code from variant_regulatory order by variant_id`);
    expect(rows).toEqual([
      { variant_id: 11, sterility: 'sterilise_before_use', use: 'reusable', contains_latex: null, mri_safety: 'not_evaluated', gmdn_code: '' },
      { variant_id: 12, sterility: 'sterilise_before_use', use: 'reusable', contains_latex: null, mri_safety: 'not_evaluated', gmdn_code: '' },
      { variant_id: 21, sterility: 'sterile', use: 'single_use', contains_latex: false, mri_safety: 'not_evaluated', gmdn_code: '' },
    ]);
  });

  it('keeps existing cart and order lines as they were: not customised, not sets', async () => {
    const { rows } = await client().query(`select column_name, column_default from information_schema.columns
      where (table_name, column_name) in (('cart_items', 'configuration_key'), ('order_items', 'set_components')) order by table_name`);
    expect(rows).toEqual([
      { column_name: 'configuration_key', column_default: "''::text" },
      { column_name: 'set_components', column_default: "'[]'::jsonb" },
    ]);
  });

  it("holds a set's stock at what its standard components make, following every change to them", async () => {
    // Two of 11 (7 free), one of 31 (9 free), an optional 21 (3 free); 12 is only an alternative and does not count.
    await client().exec(`insert into set_components (set_variant_id, component_variant_id, quantity, role, replaces_variant_id) values
      (41, 11, 2, 'standard', null), (41, 31, 1, 'standard', null), (41, 21, 1, 'optional', null), (41, 12, 2, 'alternative', 11)`);
    expect(await stockOf(41)).toEqual({ current_stock: 3, reserved_stock: 0 });
    await client().exec(`update inventory_items set reserved_stock = reserved_stock + 2 where variant_id = 21`);
    expect(await stockOf(41)).toEqual({ current_stock: 1, reserved_stock: 0 });
    await client().exec(`begin; update inventory_items set current_stock = 30 where variant_id = 21;
      update inventory_items set reserved_stock = 9 where variant_id = 11; commit;`);
    expect(await stockOf(41)).toEqual({ current_stock: 0, reserved_stock: 0 });
    await client().exec(`update inventory_items set reserved_stock = 0 where variant_id = 11`);
    expect(await stockOf(41)).toEqual({ current_stock: 4, reserved_stock: 0 });
    await client().exec(`update products set status = 'archived' where id = 3`);
    expect(await stockOf(41)).toEqual({ current_stock: 0, reserved_stock: 0 });
    await client().exec(`update products set status = 'active' where id = 3; update product_variants set is_active = false where id = 21`);
    expect(await stockOf(41)).toEqual({ current_stock: 0, reserved_stock: 0 });
    await client().exec(`delete from set_components where set_variant_id = 41 and component_variant_id = 21`);
    expect(await stockOf(41)).toEqual({ current_stock: 4, reserved_stock: 0 });
  });

  it("tells the catalogue cache that a set's page changed with a component, its composition or its regulatory data", async () => {
    const heard: string[] = [];
    const unlisten = await client().listen('catalog_changes', (payload) => heard.push(payload));
    const productsHeard = async (statement: string) => {
      heard.length = 0;
      await client().exec(statement);
      return heard.flatMap((payload) => (JSON.parse(payload) as { p?: number[] }).p ?? []).sort();
    };
    expect(await productsHeard('update product_variants set price_cents = 850 where id = 31')).toEqual([3, 4]);
    expect(await productsHeard('update set_components set quantity = 3 where set_variant_id = 41 and component_variant_id = 11')).toEqual([4]);
    expect(await productsHeard(`update variant_regulatory set gmdn_code = '12345' where variant_id = 21`)).toEqual([2]);
    await unlisten();
  });
});
