import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const BUYER = '00000000-0000-4000-8000-000000000001';
const ORDER = '00000000-0000-4000-8000-0000000000a1';

/** An order shipped before shipments: 0040 made it one shipment; 0041 drops the order's own carrier and tracking number. */
describe('migration 0041: orders lose their carrier and tracking number', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0040_shipments');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values ('${BUYER}', 'buyer@example.com', 'x', 'Ayesha', 'Khan');
      insert into orders (id, order_number, user_id, status, currency, exchange_rate, subtotal_cents, total_cents, total_charged_minor,
        email, first_name, last_name, address, city, postal_code, phone, payment_status, carrier, tracking_number)
      values ('${ORDER}', 'SS-SHIPPED1', '${BUYER}', 'shipped', 'USD', '278.5000', 10000, 10000, 10000, 'buyer@example.com', 'Ayesha',
        'Khan', '1 Mall Road', 'Lahore', '54000', '03001234567', 'paid', 'TCS', '779912345678');
      insert into shipments (order_id, number, carrier, carrier_name, tracking_number, status)
      values ('${ORDER}', 'SS-SHIPPED1-1', 'tcs', 'TCS', '779912345678', 'in_transit');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('drops the columns and keeps the order, found by its shipment\'s tracking number', async () => {
    const columns = await client().query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'orders' and column_name in ('carrier', 'tracking_number')`);
    expect(columns.rows).toEqual([]);
    const found = await client().query<{ order_number: string; carrier_name: string }>(`
      select o.order_number, s.carrier_name from orders o join shipments s on s.order_id = o.id where s.tracking_number = '779912345678'`);
    expect(found.rows).toEqual([{ order_number: 'SS-SHIPPED1', carrier_name: 'TCS' }]);
  });
});
