import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/**
 * A shop from before deposits: 0050 leaves every order with nothing due and every payment paying its whole order, so
 * orders placed before still ship and refund as they did.
 */
describe('migration 0050: private-label deposit and balance', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0047_sets_private_label_regulatory');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name)
        values ('00000000-0000-4000-8000-000000000001', 'buyer@example.com', 'x', 'Ada', 'Buyer');
      insert into orders (id, order_number, user_id, status, payment_status, currency, exchange_rate, subtotal_cents, total_cents,
          total_charged_minor, email, first_name, last_name, address, city, postal_code, phone)
        values ('00000000-0000-4000-8000-0000000000a1', 'SS-ABCDEFGH', '00000000-0000-4000-8000-000000000001', 'confirmed', 'paid', 'USD',
          278.5, 16998, 16998, 16998, 'buyer@example.com', 'Ada', 'Buyer', '1 Mall Road', 'Lahore', '54000', '03001234567');
      insert into payments (transaction_id, order_id, user_id, method, amount_minor, currency, status)
        values ('TXN-OLD', '00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'credit_card', 16998, 'USD', 'succeeded');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('leaves nothing due on orders placed before, each paid by a payment of the whole order', async () => {
    expect((await client().query(`select balance_due_minor from orders`)).rows).toEqual([{ balance_due_minor: 0 }]);
    expect((await client().query(`select covers from payments`)).rows).toEqual([{ covers: 'order' }]);
  });

  it('refuses a negative balance', async () => {
    await expect(client().exec(`update orders set balance_due_minor = -1`)).rejects.toThrow(/orders_balance_due_nonneg/);
  });
});
