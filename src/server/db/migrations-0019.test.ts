import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const BUYER = '00000000-0000-4000-8000-000000000001';
const ORDER = '00000000-0000-4000-8000-0000000000a1';
const QUOTE = '00000000-0000-4000-8000-0000000000b1';
const ORGANISATION = '00000000-0000-4000-8000-0000000000c1';

/**
 * A shop migrated up to 0018 and filled the old way (every size its own product), then migrated to variants: each
 * product becomes a product with one variant of the same id, and every row that named the product keeps its meaning.
 */
describe('migration 0019: products with options and variants', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const query = async <T>(sql: string) => (await client().query<T>(sql)).rows;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0018_order_event_codes');
    await client().exec(`
      insert into categories (id, slug, name) values (1, 'general-surgery', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand, model_number, price_cents, original_price_cents)
        values (1, 'mayo-scissors-14', 'Mayo Scissors 14 cm', 1, 'scissors', 'Acme', 'AC-14', 8499, 9999),
               (2, 'mayo-scissors-17', 'Mayo Scissors 17 cm', 1, 'scissors', 'Acme', 'AC-17', 9499, null);
      insert into inventory_items (product_id, current_stock, reserved_stock, low_stock_threshold, initial_stock)
        values (1, 10, 2, 3, 12), (2, 0, 0, 5, 4);
      insert into stock_lots (product_id, lot_number, expiry_date, gtin, current_stock, reserved_stock)
        values (1, 'L2701-001', '2027-01-31', '08961230000018', 0, 0);
      insert into stock_movements (product_id, kind, quantity, reason) values (1, 'receive', 12, 'Opening stock'), (1, 'sale', -2, ''),
        (2, 'receive', 4, 'Opening stock'), (2, 'sale', -4, '');
      insert into inventory_alerts (product_id, kind) values (2, 'out');
      insert into price_tiers (product_id, min_quantity, unit_price_cents) values (1, 10, 7999);
      insert into flash_sales (id, product_id, sale_price_cents, units, claimed_units, starts_at, ends_at)
        values (1, 2, 7999, 20, 1, now() - interval '1 hour', now() + interval '1 day');
      insert into users (id, email, password_hash, first_name, last_name) values ('${BUYER}', 'buyer@example.com', 'x', 'Ada', 'Buyer');
      insert into carts (id, user_id) values (1, '${BUYER}');
      insert into cart_items (cart_id, product_id, quantity) values (1, 1, 2);
      insert into wishlist_items (user_id, product_id) values ('${BUYER}', 2);
      insert into stock_notifications (user_id, product_id) values ('${BUYER}', 2);
      insert into reviews (product_id, user_id, rating, title, body) values (1, '${BUYER}', 5, 'Sharp', 'Cuts cleanly.');
      insert into orders (id, order_number, user_id, currency, exchange_rate, subtotal_cents, total_cents, total_charged_minor,
          email, first_name, last_name, address, city, postal_code, phone)
        values ('${ORDER}', 'SS-ABCDEFGH', '${BUYER}', 'USD', 278.5, 16998, 16998, 16998,
          'buyer@example.com', 'Ada', 'Buyer', '1 Mall Road', 'Lahore', '54000', '03001234567');
      insert into order_items (order_id, product_id, name, model_number, category_name, unit_price_cents, quantity, line_total_cents)
        values ('${ORDER}', 1, 'Mayo Scissors 14 cm', 'AC-14', 'General Surgery', 8499, 2, 16998);
      insert into order_line_lots (order_id, product_id, lot_id, quantity)
        select '${ORDER}', 1, id, 2 from stock_lots where product_id = 1 and lot_number is null;
      insert into recalls (id, product_id, lot_numbers, reason) values (1, 1, '{L2701-001}', 'Blade defect');
      insert into quotes (id, number, user_id, delivery_city) values ('${QUOTE}', 'Q-0001', '${BUYER}', 'Lahore');
      insert into quote_lines (quote_id, product_id, quantity, unit_price_cents) values ('${QUOTE}', 2, 40, 8999);
      insert into reorder_lists (id, user_id, name) values (1, '${BUYER}', 'Theatre 2');
      insert into reorder_list_items (list_id, product_id, par_level) values (1, 1, 6);
      insert into organisations (id, user_id, name, licence_number, status) values ('${ORGANISATION}', '${BUYER}', 'Mayo Hospital', 'PMDC-1', 'verified');
      insert into organisation_prices (organisation_id, product_id, kind, value) values ('${ORGANISATION}', 1, 'fixed', 7500);
      insert into organisation_prices (organisation_id, category_id, kind, value) values ('${ORGANISATION}', 1, 'percent', 500);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('gives every product one variant of the same id, with its catalogue number and prices, and no options', async () => {
    expect(await query('select id, product_id, options, model_number, price_cents, original_price_cents, is_active from product_variants order by id'))
      .toEqual([
        { id: 1, product_id: 1, options: {}, model_number: 'AC-14', price_cents: 8499, original_price_cents: 9999, is_active: true },
        { id: 2, product_id: 2, options: {}, model_number: 'AC-17', price_cents: 9499, original_price_cents: null, is_active: true },
      ]);
    expect(await query('select count(*)::int as n from product_options')).toEqual([{ n: 0 }]);
    expect(await query('select id, model_number, price_cents, original_price_cents, price_max_cents, variant_count from products order by id'))
      .toEqual([
        { id: 1, model_number: 'AC-14', price_cents: 8499, original_price_cents: 9999, price_max_cents: 8499, variant_count: 1 },
        { id: 2, model_number: 'AC-17', price_cents: 9499, original_price_cents: null, price_max_cents: 9499, variant_count: 1 },
      ]);
  });

  it('keeps stock, lots, the ledger and alerts on the same units', async () => {
    expect(await query('select variant_id, current_stock, reserved_stock, low_stock_threshold from inventory_items order by variant_id'))
      .toEqual([
        { variant_id: 1, current_stock: 10, reserved_stock: 2, low_stock_threshold: 3 },
        { variant_id: 2, current_stock: 0, reserved_stock: 0, low_stock_threshold: 5 },
      ]);
    expect(await query('select variant_id, lot_number, expiry_date::text, gtin, current_stock, reserved_stock from stock_lots order by id'))
      .toEqual([
        { variant_id: 1, lot_number: null, expiry_date: null, gtin: null, current_stock: 10, reserved_stock: 2 },
        { variant_id: 1, lot_number: 'L2701-001', expiry_date: '2027-01-31', gtin: '08961230000018', current_stock: 0, reserved_stock: 0 },
      ]);
    expect(await query('select variant_id, kind, quantity from stock_movements order by id')).toEqual([
      { variant_id: 1, kind: 'receive', quantity: 12 }, { variant_id: 1, kind: 'sale', quantity: -2 },
      { variant_id: 2, kind: 'receive', quantity: 4 }, { variant_id: 2, kind: 'sale', quantity: -4 },
    ]);
    expect(await query('select variant_id, kind from inventory_alerts')).toEqual([{ variant_id: 2, kind: 'out' }]);
  });

  it('keeps orders with their lines, lots and recalls, each line now naming the variant it sold', async () => {
    expect(await query('select product_id, variant_id, variant_label, name, model_number, unit_price_cents, quantity from order_items'))
      .toEqual([{ product_id: 1, variant_id: 1, variant_label: '', name: 'Mayo Scissors 14 cm', model_number: 'AC-14', unit_price_cents: 8499, quantity: 2 }]);
    expect(await query('select variant_id, quantity from order_line_lots')).toEqual([{ variant_id: 1, quantity: 2 }]);
    expect(await query('select variant_id, lot_numbers, reason from recalls')).toEqual([{ variant_id: 1, lot_numbers: ['L2701-001'], reason: 'Blade defect' }]);
  });

  it('keeps prices: tiers, the flash sale and the price list, whose product line still beats its category line', async () => {
    expect(await query('select variant_id, min_quantity, unit_price_cents from price_tiers')).toEqual([{ variant_id: 1, min_quantity: 10, unit_price_cents: 7999 }]);
    expect(await query('select variant_id, sale_price_cents, units, claimed_units from flash_sales'))
      .toEqual([{ variant_id: 2, sale_price_cents: 7999, units: 20, claimed_units: 1 }]);
    expect(await query('select category_id, product_id, variant_id, kind, value from organisation_prices order by id')).toEqual([
      { category_id: null, product_id: 1, variant_id: null, kind: 'fixed', value: 7500 },
      { category_id: 1, product_id: null, variant_id: null, kind: 'percent', value: 500 },
    ]);
  });

  it("keeps the buyer's cart, wishlist, notices, quote, reorder list and review", async () => {
    expect(await query('select variant_id, quantity from cart_items')).toEqual([{ variant_id: 1, quantity: 2 }]);
    expect(await query('select variant_id from wishlist_items')).toEqual([{ variant_id: 2 }]);
    expect(await query('select variant_id, notified_at from stock_notifications')).toEqual([{ variant_id: 2, notified_at: null }]);
    expect(await query('select variant_id, quantity, unit_price_cents from quote_lines')).toEqual([{ variant_id: 2, quantity: 40, unit_price_cents: 8999 }]);
    expect(await query('select variant_id, par_level from reorder_list_items')).toEqual([{ variant_id: 1, par_level: 6 }]);
    expect(await query('select product_id, rating, title from reviews')).toEqual([{ product_id: 1, rating: 5, title: 'Sharp' }]);
  });

  it('numbers new variants after the migrated ones, and keeps the summary and search document up to date', async () => {
    await client().exec(`
      insert into product_options (product_id, position, name, "values") values (1, 0, 'Length', '{14 cm,18 cm}');
      update product_variants set options = '{"Length": "14 cm"}' where id = 1;
      insert into product_variants (product_id, position, options, model_number, price_cents) values (1, 1, '{"Length": "18 cm"}', 'AC-18', 10999);
    `);
    expect(await query("select id from product_variants where model_number = 'AC-18'")).toEqual([{ id: 3 }]);
    expect(await query('select price_cents, price_max_cents, variant_count, model_number from products where id = 1'))
      .toEqual([{ price_cents: 8499, price_max_cents: 10999, variant_count: 2, model_number: 'AC-14' }]);
    expect(await query("select product_id from product_search_documents where document @@ plainto_tsquery('english', 'AC-18')"))
      .toEqual([{ product_id: 1 }]);
  });

  it('refuses a second variant with the same option values, or a catalogue number already taken', async () => {
    await expect(query(`insert into product_variants (product_id, options, model_number, price_cents) values (1, '{"Length": "18 cm"}', 'AC-18B', 100)`))
      .rejects.toThrow(/product_variants_product_options_idx/);
    await expect(query(`insert into product_variants (product_id, options, model_number, price_cents) values (2, '{"Length": "20 cm"}', 'AC-14', 100)`))
      .rejects.toThrow(/product_variants_model_number_unique/);
  });

  it('gives a new variant its opening lot, as products had', async () => {
    await client().exec('insert into inventory_items (variant_id, current_stock) values (3, 7)');
    expect(await query('select variant_id, lot_number, current_stock from stock_lots where variant_id = 3')).toEqual([{ variant_id: 3, lot_number: null, current_stock: 7 }]);
  });
});
