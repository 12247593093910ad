import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const BUYER = '00000000-0000-4000-8000-000000000001';
const STAFF = '00000000-0000-4000-8000-000000000002';
const ORDER_A = '00000000-0000-4000-8000-0000000000a1';
const ORDER_B = '00000000-0000-4000-8000-0000000000b1';

/** Recall returns asked for before RMAs: one still awaited, one received by staff. 0042 makes both RMAs of the reason recall. */
describe('migration 0042: recall returns become RMAs', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0041_drop_order_tracking');
    const order = (id: string, number: string) => `insert into orders (id, order_number, user_id, status, currency, exchange_rate,
      subtotal_cents, total_cents, total_charged_minor, email, first_name, last_name, address, city, postal_code, phone, payment_status)
      values ('${id}', '${number}', '${BUYER}', 'delivered', 'USD', '278.5000', 2400, 2400, 2400, 'buyer@example.com', 'Ayesha',
      'Khan', '1 Mall Road', 'Lahore', '54000', '03001234567', 'paid');`;
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values
        ('${BUYER}', 'buyer@example.com', 'x', 'Ayesha', 'Khan'), ('${STAFF}', 'staff@example.com', 'x', 'Omar', 'Staff');
      insert into categories (id, slug, name) values (1, 'general-surgery', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand) values (1, 'plate', 'Bone Plate', 1, 'Plate', 'SS');
      insert into product_variants (id, product_id, position, options, model_number, price_cents) values
        (11, 1, 1, '{"Size": "S"}', 'BP-1', 1200), (12, 1, 2, '{"Size": "M"}', 'BP-2', 1200);
      ${order(ORDER_A, 'SS-RECALLA1')}
      ${order(ORDER_B, 'SS-RECALLB1')}
      insert into order_items (id, order_id, product_id, variant_id, name, model_number, category_name, unit_price_cents, quantity, line_total_cents)
      values (101, '${ORDER_A}', 1, 12, 'Bone Plate', 'BP-2', 'General Surgery', 1200, 1, 1200),
        (102, '${ORDER_A}', 1, 11, 'Bone Plate', 'BP-1', 'General Surgery', 1200, 2, 2400),
        (201, '${ORDER_B}', 1, 11, 'Bone Plate', 'BP-1', 'General Surgery', 1200, 2, 2400);
      insert into recalls (id, variant_id, lot_numbers, reason) values (1, 11, '{A-100,A-101}', 'Seal defect');
      insert into recall_notices (id, recall_id, order_id, user_id, quantity, lot_numbers, notified_at, acknowledged_at) values
        (1, 1, '${ORDER_A}', '${BUYER}', 2, '{A-100}', now(), now()),
        (2, 1, '${ORDER_B}', '${BUYER}', 1, '{A-100,A-101}', now(), now());
      insert into return_requests (notice_id, quantity, status, requested_at) values (1, 2, 'requested', '2026-05-01T10:00:00Z');
      insert into return_requests (notice_id, quantity, status, requested_at, received_at, received_by)
        values (2, 1, 'received', '2026-05-02T10:00:00Z', '2026-05-09T10:00:00Z', '${STAFF}');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('makes each request an RMA of the recalled line, received ones with their units in quarantine', async () => {
    const rows = await client().query(`
      select r.rma, o.order_number, r.status, r.recall_notice_id, r.created_at, r.received_at, i.order_item_id, i.quantity, i.reason,
        rc.quantity as received, rc.disposition, rc.lot_number, rc.received_by
      from returns r join orders o on o.id = r.order_id join return_items i on i.return_id = r.id
      left join return_receipts rc on rc.return_item_id = i.id order by r.recall_notice_id`);
    expect(rows.rows).toEqual([
      expect.objectContaining({ rma: 'RMA-000001', order_number: 'SS-RECALLA1', status: 'approved', recall_notice_id: 1, order_item_id: 102,
        quantity: 2, reason: 'recall', received: null, created_at: new Date('2026-05-01T10:00:00Z'), received_at: null }),
      expect.objectContaining({ rma: 'RMA-000002', order_number: 'SS-RECALLB1', status: 'received', recall_notice_id: 2, order_item_id: 201,
        quantity: 1, reason: 'recall', received: 1, disposition: 'quarantine', lot_number: 'A-100, A-101', received_by: STAFF,
        received_at: new Date('2026-05-09T10:00:00Z') }),
    ]);
  });

  it('drops the old table, seeds the policy, and numbers new returns after the migrated ones', async () => {
    const old = await client().query(`select to_regclass('return_requests') as t`);
    expect(old.rows).toEqual([{ t: null }]);
    const policy = await client().query(`select window_days, restocking_fee_percent from return_policy`);
    expect(policy.rows).toEqual([{ window_days: 30, restocking_fee_percent: 15 }]);
    const reasons = await client().query<{ code: string; shipping_paid_by: string }>(`select code, shipping_paid_by from return_reasons order by code`);
    expect(reasons.rows.find((row) => row.code === 'no_longer_needed')?.shipping_paid_by).toBe('buyer');
    const next = await client().query(`select nextval(pg_get_serial_sequence('returns', 'id'))::int as id`);
    expect(next.rows).toEqual([{ id: 3 }]);
  });
});
