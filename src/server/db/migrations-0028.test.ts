import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const MEMBER = '00000000-0000-0000-0000-000000000001';
const SOLO = '00000000-0000-0000-0000-000000000002';
const ORGANISATION = '00000000-0000-0000-0000-0000000000a1';

const order = (id: string, number: string, userId: string) => `
  insert into orders (id, order_number, user_id, currency, exchange_rate, subtotal_cents, total_cents, total_charged_minor,
      email, first_name, last_name, address, city, postal_code, phone)
    values ('${id}', '${number}', '${userId}', 'USD', 278.5, 16998, 16998, 16998, 'a@example.com', 'A', 'B', '1 Mall Road',
      'Lahore', '54000', '03001234567');`;

/** A shop migrated up to 0027 with orders of an organisation's admin and of an individual, then given purchasing. */
describe('migration 0028: organisation purchasing', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0027_organisation_members');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name, account_type) values
        ('${MEMBER}', 'admin@mayo.example', 'x', 'Bilal', 'A', 'business'),
        ('${SOLO}', 'dr.solo@example.com', 'x', 'Solo', 'B', 'individual');
      insert into organisations (id, user_id, name, licence_number, status, payment_terms, credit_limit_cents)
        values ('${ORGANISATION}', '${MEMBER}', 'Mayo Hospital', 'PMC-55-1234', 'verified', 'net30', 500000);
      insert into organisation_members (organisation_id, user_id, role, joined_at) values ('${ORGANISATION}', '${MEMBER}', 'admin', now());
      ${order('00000000-0000-4000-8000-0000000000b1', 'SS-AAAAAAAA', MEMBER)}
      ${order('00000000-0000-4000-8000-0000000000b2', 'SS-BBBBBBBB', SOLO)}
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it("counts the orders members placed so far as their organisation's, without department or PO number", async () => {
    const { rows } = await client().query('select order_id, organisation_id, department_id, po_number from organisation_orders');
    expect(rows).toEqual([{ order_id: '00000000-0000-4000-8000-0000000000b1', organisation_id: ORGANISATION, department_id: null, po_number: '' }]);
    expect((await client().query('select count(*)::int as n from orders')).rows).toEqual([{ n: 2 }]);
  });

  it('needs no PO number of existing organisations, and holds one limit per target', async () => {
    expect((await client().query('select po_required from organisations')).rows).toEqual([{ po_required: false }]);
    const insert = `insert into spending_limits (organisation_id, per_order_cents) values ('${ORGANISATION}', 50000)`;
    await client().query(insert);
    await expect(client().query(insert)).rejects.toThrow(/spending_limits_target_key/);
  });
});
