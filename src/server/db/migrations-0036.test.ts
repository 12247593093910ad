import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0029 with three variants in stock, then given the stock change trigger. */
describe('migration 0036: committed stock changes notify stock_changes', () => {
  let database: Database;
  const heard: string[] = [];
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const write = async (sql: string) => {
    heard.length = 0;
    await client().exec(sql);
    return heard;
  };

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0029_foreign_key_names');
    await client().exec(`
      insert into categories (id, slug, name) values (1, 'general-surgery', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand) values
        (1, 'mayo-scissors', 'Mayo Scissors', 1, 'scissors', 'Acme'), (2, 'kocher-clamp', 'Kocher Clamp', 1, 'clamp', 'Acme');
      insert into product_variants (id, product_id, position, options, model_number, price_cents) values
        (1, 1, 0, '{"Length":"14 cm"}', 'MS-1', 2000), (2, 1, 1, '{"Length":"18 cm"}', 'MS-2', 2100), (3, 2, 0, '{}', 'KC-1', 900);
      insert into inventory_items (variant_id, current_stock, reserved_stock, low_stock_threshold) values (1, 5, 1, 2), (2, 0, 0, 5), (3, 7, 0, 5);
    `);
    await database.migrate();
    await client().listen('stock_changes', (payload) => heard.push(payload));
  });
  afterAll(() => database.close());

  it('keeps every stock figure as it was', async () => {
    const { rows } = await client().query('select variant_id, current_stock, reserved_stock, low_stock_threshold from inventory_items order by variant_id');
    expect(rows).toEqual([
      { variant_id: 1, current_stock: 5, reserved_stock: 1, low_stock_threshold: 2 },
      { variant_id: 2, current_stock: 0, reserved_stock: 0, low_stock_threshold: 5 },
      { variant_id: 3, current_stock: 7, reserved_stock: 0, low_stock_threshold: 5 },
    ]);
  });

  it('names each variant whose stock or threshold changed, once per transaction however often it changed', async () => {
    expect(await write('update inventory_items set current_stock = 6 where variant_id = 1')).toEqual(['1']);
    expect(await write(`begin;
      update inventory_items set reserved_stock = reserved_stock + 2 where variant_id = 1;
      update inventory_items set reserved_stock = reserved_stock - 2, current_stock = current_stock - 2 where variant_id = 1;
      update inventory_items set current_stock = current_stock + 3 where variant_id in (2, 3);
      commit;`)).toEqual(['1', '2', '3']);
    expect(await write('update inventory_items set low_stock_threshold = 3 where variant_id = 3')).toEqual(['3']);
  });

  it('says nothing for a rolled back change, nor for one that leaves the figures as they were', async () => {
    expect(await write('begin; update inventory_items set current_stock = 0 where variant_id = 3; rollback;')).toEqual([]);
    expect(await write('update inventory_items set current_stock = current_stock, last_stock_check = now()')).toEqual([]);
  });
});
