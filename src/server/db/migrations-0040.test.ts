import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const BUYER = '00000000-0000-4000-8000-000000000001';
const order = (id: string, number: string, status: string, carrier: string | null, tracking: string | null, createdAt: string) => `
  insert into orders (id, order_number, user_id, status, currency, exchange_rate, subtotal_cents, total_cents, total_charged_minor,
    email, first_name, last_name, address, city, postal_code, phone, payment_status, carrier, tracking_number, estimated_delivery, created_at)
  values ('${id}', '${number}', '${BUYER}', '${status}', 'USD', '278.5000', 10000, 17500, 17500, 'buyer@example.com', 'Ayesha', 'Khan',
    '1 Mall Road', 'Lahore', '54000', '03001234567', 'paid', ${carrier ? `'${carrier}'` : 'null'}, ${tracking ? `'${tracking}'` : 'null'},
    '2026-11-20', '${createdAt}');
  insert into order_items (order_id, name, model_number, category_name, unit_price_cents, quantity, line_total_cents) values
    ('${id}', 'Kelly Hemostat', 'SS-KH-14', 'General Surgery', 2500, 2, 5000),
    ('${id}', 'Mayo Scissors', 'SS-MS-17', 'General Surgery', 2500, 2, 5000);`;

/** Orders shipped the old way (carrier and tracking number typed on the order), then 0040. */
describe('migration 0040: shipments', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0039_shipping_zones');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values ('${BUYER}', 'buyer@example.com', 'x', 'Ayesha', 'Khan');
      insert into addresses (user_id, email, first_name, last_name, address, city, postal_code, phone) values
        ('${BUYER}', 'buyer@example.com', 'Ayesha', 'Khan', '1 Mall Road', 'Lahore', '54000', '03001234567');
      ${order('00000000-0000-4000-8000-0000000000a1', 'SS-SHIPPED1', 'shipped', 'TCS', '779912345678', '2026-11-01')}
      ${order('00000000-0000-4000-8000-0000000000a2', 'SS-DELIVER1', 'delivered', 'Blue Dart Couriers', 'BD-42', '2026-11-02')}
      ${order('00000000-0000-4000-8000-0000000000a3', 'SS-TWIN0001', 'shipped', 'tcs', '779912345678', '2026-11-03')}
      ${order('00000000-0000-4000-8000-0000000000a4', 'SS-CONFIRM1', 'confirmed', null, null, '2026-11-04')}
      insert into order_events (order_id, status, description, location, created_at) values
        ('00000000-0000-4000-8000-0000000000a1', 'confirmed', 'Payment received', null, '2026-11-01 10:00+00'),
        ('00000000-0000-4000-8000-0000000000a1', 'shipped', 'Shipped with TCS', 'Sialkot', '2026-11-02 09:00+00'),
        ('00000000-0000-4000-8000-0000000000a1', 'shipped', 'Arrived at Lahore hub', 'Lahore', '2026-11-03 08:00+00'),
        ('00000000-0000-4000-8000-0000000000a2', 'shipped', 'Shipped with Blue Dart', null, '2026-11-03 09:00+00'),
        ('00000000-0000-4000-8000-0000000000a2', 'delivered', 'Delivered', 'Karachi', '2026-11-06 15:00+00');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  const shipment = async (orderNumber: string) => (await client().query<Record<string, unknown>>(`
    select s.id, s.number, s.carrier, s.carrier_name, s.tracking_number, s.status, s.estimated_delivery::text, s.delivered_at,
      s.created_at, (select json_agg(json_build_object('name', i.name, 'quantity', si.quantity) order by i.id)
        from shipment_items si join order_items i on i.id = si.order_item_id where si.shipment_id = s.id) as items
    from shipments s join orders o on o.id = s.order_id where o.order_number = $1`, [orderNumber])).rows;

  it('makes an order shipped the old way one shipment of all its lines, with its carrier and tracking number', async () => {
    const [tcs] = await shipment('SS-SHIPPED1');
    expect(tcs).toMatchObject({
      number: 'SS-SHIPPED1-1', carrier: 'tcs', carrier_name: 'TCS', tracking_number: '779912345678', status: 'in_transit',
      estimated_delivery: '2026-11-20', delivered_at: null, created_at: new Date('2026-11-02T09:00:00Z'),
      items: [{ name: 'Kelly Hemostat', quantity: 2 }, { name: 'Mayo Scissors', quantity: 2 }],
    });
    const [other] = await shipment('SS-DELIVER1');
    expect(other).toMatchObject({
      carrier: 'other', carrier_name: 'Blue Dart Couriers', tracking_number: 'BD-42', status: 'delivered',
      delivered_at: new Date('2026-11-06T15:00:00Z'),
    });
  });

  it('keeps a consignment number shared by two orders, the later one as a shipment tracked by hand', async () => {
    const [twin] = await shipment('SS-TWIN0001');
    expect(twin).toMatchObject({ carrier: 'other', carrier_name: 'tcs', tracking_number: '779912345678' });
  });

  it('gives the shipped and delivered events to the shipment and leaves the rest of the timeline to the order', async () => {
    const { rows } = await client().query<{ description: string; shipment_number: string | null }>(`
      select e.description, s.number as shipment_number from order_events e left join shipments s on s.id = e.shipment_id
      order by e.created_at`);
    expect(rows).toEqual([
      { description: 'Payment received', shipment_number: null },
      { description: 'Shipped with TCS', shipment_number: 'SS-SHIPPED1-1' },
      { description: 'Arrived at Lahore hub', shipment_number: 'SS-SHIPPED1-1' },
      { description: 'Shipped with Blue Dart', shipment_number: 'SS-DELIVER1-1' },
      { description: 'Delivered', shipment_number: 'SS-DELIVER1-1' },
    ]);
  });

  it('gives no shipment to an order not yet shipped, and every address and order the country PK', async () => {
    expect(await shipment('SS-CONFIRM1')).toEqual([]);
    const { rows } = await client().query(`select (select array_agg(distinct country) from orders) as orders,
      (select array_agg(distinct country) from addresses) as addresses`);
    expect(rows).toEqual([{ orders: ['PK'], addresses: ['PK'] }]);
  });
});
