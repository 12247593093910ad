import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0022 with two categories, three products and stock, then given the catalogue triggers. */
describe('migration 0023: catalogue writes notify catalog_changes', () => {
  let database: Database;
  const heard: unknown[] = [];
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const write = async (sql: string) => {
    heard.length = 0;
    await client().exec(sql);
    return heard;
  };

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0022_product_summaries_by_key');
    await client().exec(`
      insert into categories (id, slug, name) values (1, 'general-surgery', 'General Surgery'), (2, 'orthopaedics', 'Orthopaedics');
      insert into products (id, slug, name, category_id, instrument_type, brand) values
        (1, 'mayo-scissors', 'Mayo Scissors', 1, 'scissors', 'Acme'), (2, 'kocher-clamp', 'Kocher Clamp', 1, 'clamp', 'Acme'),
        (3, 'bone-rongeur', 'Bone Rongeur', 2, 'rongeur', 'Acme');
      insert into product_variants (id, product_id, position, options, model_number, price_cents) values
        (1, 1, 0, '{}', 'MS-1', 2000), (2, 2, 0, '{}', 'KC-1', 900), (3, 3, 0, '{}', 'BR-1', 4000);
      insert into inventory_items (variant_id, current_stock) values (1, 5), (2, 5), (3, 5);
    `);
    await database.migrate();
    await client().listen('catalog_changes', (payload) => heard.push(JSON.parse(payload)));
  });
  afterAll(() => database.close());

  it('names the product and its category for a write reaching it through a variant', async () => {
    expect(await write('update inventory_items set current_stock = 4 where variant_id = 3')).toEqual([{ p: [3], c: [2] }]);
    expect(await write('update product_variants set price_cents = 950 where id = 2')).toEqual([{ p: [2], c: [1] }]);
  });

  it('names both categories of a product that moves, and the category of a renamed one', async () => {
    // The product's search document is refreshed too, and tells of the product in its new category.
    expect(await write('update products set category_id = 2 where id = 1')).toContainEqual({ p: [1], c: [1, 2] });
    expect(await write("update categories set name = 'Surgery' where id = 1")).toContainEqual({ p: [], c: [1] });
  });

  it('says nothing for a statement that changes no row, and "all" for one that touches very many', async () => {
    expect(await write('update products set name = name where id = 999')).toEqual([]);
    await client().exec(`insert into products (id, slug, name, category_id, instrument_type, brand)
      select 100 + n, 'bulk-' || n, 'Bulk ' || n, 2, 'test', 'Acme' from generate_series(1, 600) n`);
    expect(await write("update products set brand = 'Acme Surgical'")).toEqual([{ all: true }]);
  });

  it('names the products of an order whose status changes, and nothing for a visit', async () => {
    await client().exec(`insert into users (id, email, password_hash, first_name, last_name)
      values ('00000000-0000-0000-0000-000000000001', 'a@example.com', 'x', 'A', 'K')`);
    const [{ id }] = (await client().query<{ id: string }>(`insert into orders (user_id, order_number, currency, exchange_rate,
      subtotal_cents, total_cents, total_charged_minor, email, first_name, last_name, address, city, postal_code, phone)
      values ('00000000-0000-0000-0000-000000000001', 'SS-1', 'USD', 1, 900, 900, 900, 'a@example.com', 'A', 'K', '1 Mall Road',
      'Lahore', '54000', '03001234567') returning id`)).rows;
    expect(await write(`insert into order_items (order_id, product_id, variant_id, name, model_number, category_name, quantity,
      unit_price_cents, line_total_cents) values ('${id}', 2, 2, 'Kocher Clamp', 'KC-1', 'Surgery', 1, 900, 900)`)).toEqual([{ p: [2], c: [1] }]);
    expect(await write(`update orders set payment_status = 'paid' where id = '${id}'`)).toEqual([{ p: [2], c: [1] }]);
    expect(await write(`update orders set phone = '03007654321' where id = '${id}'`)).toEqual([]);
    expect(await write(`insert into product_views (product_id, day, views) values (2, current_date, 1)`)).toEqual([]);
  });
});
