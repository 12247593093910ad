import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0036 with a paid order cancelled the old way (refunded_at and refund_note), then given 0038. */
describe('migration 0038: refunds become rows of their own', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0036_stock_change_notifications');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values
        ('00000000-0000-4000-8000-000000000001', 'buyer@example.com', 'x', 'Ayesha', 'Khan');
      insert into orders (id, order_number, user_id, status, currency, exchange_rate, subtotal_cents, fee_cents, total_cents,
        total_charged_minor, email, first_name, last_name, address, city, postal_code, phone, payment_status) values
        ('00000000-0000-4000-8000-0000000000a1', 'SS-CANCELLD', '00000000-0000-4000-8000-000000000001', 'cancelled', 'PKR', '278.5000',
          10000, 0, 10000, 2785000, 'buyer@example.com', 'Ayesha', 'Khan', '1 Mall Road', 'Lahore', '54000', '03001234567', 'refunded'),
        ('00000000-0000-4000-8000-0000000000a2', 'SS-DELIVERD', '00000000-0000-4000-8000-000000000001', 'delivered', 'USD', '278.5000',
          5000, 125, 5125, 5125, 'buyer@example.com', 'Ayesha', 'Khan', '1 Mall Road', 'Lahore', '54000', '03001234567', 'paid');
      insert into payments (id, transaction_id, order_id, user_id, method, amount_minor, currency, fee_minor, status, refunded_at, refund_note) values
        ('00000000-0000-4000-8000-0000000000b1', 'txn-1', '00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001',
          'jazzcash', 2785000, 'PKR', 0, 'refunded', '2026-10-01T09:30:00Z', 'Refund of 27850.00 PKR: order SS-CANCELLD cancelled.'),
        ('00000000-0000-4000-8000-0000000000b2', 'txn-2', '00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001',
          'credit_card', 5000, 'USD', 125, 'succeeded', null, null);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('turns each refund recorded on a payment into a manual refund of the whole charge, with its note and time', async () => {
    const { rows } = await client().query(`select order_id, payment_id, amount_minor, currency, amount_usd_cents, status, reason,
      created_at, created_by, idempotency_key from refunds`);
    expect(rows).toEqual([{
      order_id: '00000000-0000-4000-8000-0000000000a1',
      payment_id: '00000000-0000-4000-8000-0000000000b1',
      amount_minor: 2785000,
      currency: 'PKR',
      amount_usd_cents: 10000,
      status: 'manual',
      reason: 'Refund of 27850.00 PKR: order SS-CANCELLD cancelled.',
      created_at: new Date('2026-10-01T09:30:00Z'),
      created_by: null,
      idempotency_key: null,
    }]);
  });

  it('drops the payment’s old refund columns and keeps its status', async () => {
    const { rows: columns } = await client().query(`select column_name from information_schema.columns
      where table_name = 'payments' and column_name in ('refunded_at', 'refund_note')`);
    expect(columns).toEqual([]);
    const { rows } = await client().query('select transaction_id, status from payments order by transaction_id');
    expect(rows).toEqual([{ transaction_id: 'txn-1', status: 'refunded' }, { transaction_id: 'txn-2', status: 'succeeded' }]);
  });
});
