import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0038 with a cart and an order, then given 0039. */
describe('migration 0039: shipping zones', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0038_refunds');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values
        ('00000000-0000-4000-8000-000000000001', 'buyer@example.com', 'x', 'Ayesha', 'Khan');
      insert into carts (user_id) values ('00000000-0000-4000-8000-000000000001');
      insert into orders (id, order_number, user_id, status, currency, exchange_rate, subtotal_cents, fee_cents, total_cents,
        total_charged_minor, email, first_name, last_name, address, city, postal_code, phone, payment_status) values
        ('00000000-0000-4000-8000-0000000000a1', 'SS-SHIPPED1', '00000000-0000-4000-8000-000000000001', 'shipped', 'USD', '278.5000',
          10000, 0, 17500, 17500, 'buyer@example.com', 'Ayesha', 'Khan', '1 Mall Road', 'Lahore', '54000', '03001234567', 'paid');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('gives the shop a Pakistan zone at its TAX_RATE whose standard method is 75.00 below a 500.00 subtotal', async () => {
    const { rows: zones } = await client().query(`select name, countries, provinces, cities, rest_of_world, tax_basis_points
      from shipping_zones`);
    expect(zones).toEqual([{
      name: 'Pakistan', countries: ['PK'], provinces: [], cities: [], rest_of_world: false, tax_basis_points: null,
    }]);
    const { rows: methods } = await client().query(`select name, carrier, weight_bands, flat_price_cents, free_over_cents,
      days_min, days_max, cod_allowed, active from shipping_methods`);
    expect(methods).toEqual([{
      name: 'Standard', carrier: 'other', weight_bands: [], flat_price_cents: 7500, free_over_cents: 50000,
      days_min: 3, days_max: 5, cod_allowed: false, active: true,
    }]);
  });

  it('keeps the carts and orders as they were', async () => {
    const { rows: orders } = await client().query('select order_number, status, total_cents, city from orders');
    expect(orders).toEqual([{ order_number: 'SS-SHIPPED1', status: 'shipped', total_cents: 17500, city: 'Lahore' }]);
    const { rows: carts } = await client().query('select user_id from carts');
    expect(carts).toEqual([{ user_id: '00000000-0000-4000-8000-000000000001' }]);
  });
});
