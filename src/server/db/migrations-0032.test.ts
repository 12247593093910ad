import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const BUYER = '00000000-0000-0000-0000-000000000001';
const ORDER = '00000000-0000-4000-8000-0000000000b1';

/** A shop migrated up to 0029 with an order of one line a flash sale priced and one it did not, then given 0032. */
describe('migration 0032: sale quantities on order lines', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const query = async (sql: string) => (await client().query(sql)).rows;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0029_foreign_key_names');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values ('${BUYER}', 'a@example.com', 'x', 'Ayesha', 'K');
      insert into categories (id, slug, name) values (1, 'general-surgery', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand, model_number, price_cents)
        values (1, 'forceps', 'Forceps', 1, 'forceps', 'Sialkot', 'F-1', 4699), (2, 'clamp', 'Clamp', 1, 'clamp', 'Sialkot', 'C-1', 10000);
      insert into product_variants (id, product_id, position, options, model_number, price_cents)
        values (1, 1, 0, '{}', 'F-1', 4699), (2, 2, 0, '{}', 'C-1', 10000);
      insert into flash_sales (id, variant_id, sale_price_cents, units, claimed_units, starts_at, ends_at)
        values (7, 1, 2999, 10, 3, now() - interval '1 hour', now() + interval '1 hour');
      insert into orders (id, order_number, user_id, currency, exchange_rate, subtotal_cents, total_cents, total_charged_minor,
          email, first_name, last_name, address, city, postal_code, phone)
        values ('${ORDER}', 'SS-AAAAAAAA', '${BUYER}', 'USD', 278.5, 28997, 28997, 28997, 'a@example.com', 'A', 'K', '1 Mall Road',
          'Lahore', '54000', '03001234567');
      insert into order_items (order_id, product_id, variant_id, name, model_number, category_name, unit_price_cents, quantity,
          line_total_cents, flash_sale_id)
        values ('${ORDER}', 1, 1, 'Forceps', 'F-1', 'General Surgery', 2999, 3, 8997, 7),
               ('${ORDER}', 2, 2, 'Clamp', 'C-1', 'General Surgery', 10000, 2, 20000, null);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('records a line a sale priced as all its units at the sale price, and the others as none', async () => {
    expect(await query(`select model_number, unit_price_cents, quantity, line_total_cents, flash_sale_id, sale_quantity, sale_unit_price_cents
      from order_items order by id`)).toEqual([
      { model_number: 'F-1', unit_price_cents: 2999, quantity: 3, line_total_cents: 8997, flash_sale_id: 7, sale_quantity: 3, sale_unit_price_cents: 2999 },
      { model_number: 'C-1', unit_price_cents: 10000, quantity: 2, line_total_cents: 20000, flash_sale_id: null, sale_quantity: 0, sale_unit_price_cents: null },
    ]);
  });

  it('refuses more sale units than the line holds, or sale units without their price', async () => {
    await expect(client().query('update order_items set sale_quantity = 4 where flash_sale_id = 7')).rejects.toThrow(/order_items_sale_quantity/);
    await expect(client().query('update order_items set sale_quantity = 1 where flash_sale_id is null')).rejects.toThrow(/order_items_sale_quantity/);
  });
});
