import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0015 and filled the old way, then migrated to today: nothing it held is lost. */
describe('migrations 0016–0017: flash sales counted from orders, category translations', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const query = async <T>(sql: string) => (await client().query<T>(sql)).rows;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0015_products_name_index');
    await client().exec(`
      insert into categories (id, slug, name, description) values (1, 'general-surgery', 'General Surgery', 'Everyday instruments');
      insert into products (id, slug, name, category_id, instrument_type, brand, model_number, price_cents)
        values (1, 'mayo-scissors', 'Mayo Scissors', 1, 'scissors', 'Acme', 'AC-1', 8499);
      insert into flash_sales (id, product_id, sale_price_cents, total_stock, sold_count, starts_at, ends_at)
        values (1, 1, 6799, 50, 41, now() - interval '1 hour', now() + interval '1 day');
      insert into users (id, email, password_hash, first_name, last_name)
        values ('00000000-0000-4000-8000-000000000001', 'buyer@example.com', 'x', 'Ada', 'Buyer');
      insert into carts (id, user_id) values (1, '00000000-0000-4000-8000-000000000001');
      insert into cart_items (cart_id, product_id, quantity) values (1, 1, 2);
      insert into orders (id, order_number, user_id, currency, exchange_rate, subtotal_cents, total_cents, total_charged_minor,
          email, first_name, last_name, address, city, postal_code, phone)
        values ('00000000-0000-4000-8000-0000000000a1', 'SS-ABCDEFGH', '00000000-0000-4000-8000-000000000001', 'USD', 278.5,
          16998, 16998, 16998, 'buyer@example.com', 'Ada', 'Buyer', '1 Mall Road', 'Lahore', '54000', '03001234567');
      insert into order_items (order_id, product_id, name, model_number, category_name, unit_price_cents, quantity, line_total_cents)
        values ('00000000-0000-4000-8000-0000000000a1', 1, 'Mayo Scissors', 'AC-1', 'General Surgery', 8499, 2, 16998);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps the sale, its window and price, and carries the allocation into units; nothing is claimed yet', async () => {
    const [sale] = await query<{ variant_id: number; sale_price_cents: number; units: number; claimed_units: number }>(
      'select variant_id, sale_price_cents, units, claimed_units from flash_sales where id = 1');
    expect(sale).toEqual({ variant_id: 1, sale_price_cents: 6799, units: 50, claimed_units: 0 });
  });

  it('keeps cart and order lines, charged at no sale', async () => {
    expect(await query('select variant_id, quantity, flash_sale_id from cart_items')).toEqual([{ variant_id: 1, quantity: 2, flash_sale_id: null }]);
    expect(await query('select unit_price_cents, quantity, line_total_cents, flash_sale_id from order_items'))
      .toEqual([{ unit_price_cents: 8499, quantity: 2, line_total_cents: 16998, flash_sale_id: null }]);
  });

  it('keeps categories as they were, with no translations yet', async () => {
    expect(await query('select slug, name, description, translations from categories'))
      .toEqual([{ slug: 'general-surgery', name: 'General Surgery', description: 'Everyday instruments', translations: {} }]);
  });

  it('refuses a claim beyond the allocation', async () => {
    await expect(query('update flash_sales set claimed_units = 51 where id = 1')).rejects.toThrow(/flash_sales_claimed/);
  });
});
