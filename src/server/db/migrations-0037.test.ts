import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const BUYER = '00000000-0000-0000-0000-000000000001';
const ORDER = '00000000-0000-0000-0000-0000000000a1';
const LATE = 'Charged after the reservation expired: refund due.';

/** A shop migrated up to 0036 with a paid order's three attempts: one paid, one declined, one charged too late. */
describe('migration 0037: payments charged for an order no longer waiting are flagged for a refund', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0036_stock_change_notifications');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values ('${BUYER}', 'a@example.com', 'x', 'Ayesha', 'K');
      insert into orders (id, order_number, user_id, currency, exchange_rate, subtotal_cents, total_cents, total_charged_minor,
          email, first_name, last_name, address, city, postal_code, phone)
        values ('${ORDER}', 'SS-AAAAAAAA', '${BUYER}', 'USD', 278.5, 900, 900, 900, 'a@example.com', 'A', 'K', '1 Mall Road',
          'Lahore', '54000', '03001234567');
      insert into payments (transaction_id, order_id, user_id, method, amount_minor, currency, status, failure_message, updated_at) values
        ('TXN-PAID', '${ORDER}', '${BUYER}', 'credit_card', 900, 'USD', 'succeeded', null, '2026-11-01T10:00:00Z'),
        ('TXN-DECLINED', '${ORDER}', '${BUYER}', 'credit_card', 900, 'USD', 'failed', 'Card declined.', '2026-11-01T09:00:00Z'),
        ('TXN-LATE', '${ORDER}', '${BUYER}', 'credit_card', 900, 'USD', 'succeeded', '${LATE}', '2026-11-02T08:30:00Z');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('flags only the payment charged too late, from when it was recorded', async () => {
    const { rows } = await client().query<{ transaction_id: string; status: string; refund_due_at: Date | null }>(
      'select transaction_id, status, refund_due_at from payments order by transaction_id');
    expect(rows.map((row) => [row.transaction_id, row.status, row.refund_due_at?.toISOString() ?? null])).toEqual([
      ['TXN-DECLINED', 'failed', null],
      ['TXN-LATE', 'succeeded', '2026-11-02T08:30:00.000Z'],
      ['TXN-PAID', 'succeeded', null],
    ]);
  });
});
