import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const BUYER = '00000000-0000-4000-8000-000000000001';
const ORGANISATION = '00000000-0000-4000-8000-000000000010';

/** A purchase order received before the bill-to was kept: 0045 keeps it, with no bill-to, and takes one for the next. */
describe('migration 0045: the purchase order’s bill-to', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0044_procurement');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values ('${BUYER}', 'ward@example.com', 'x', 'Sana', 'Iqbal');
      insert into organisations (id, user_id, name, licence_number, status) values ('${ORGANISATION}', '${BUYER}', 'Mayo Hospital', 'PMDC-1', 'verified');
      insert into punchout_order_requests (organisation_id, po_number, payload_id, status_code, status_text)
        values ('${ORGANISATION}', 'PO-1', '1@ariba.example', 200, 'OK');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps the requests received, without a bill-to', async () => {
    const { rows } = await client().query(`select po_number, status_code, note, bill_to from punchout_order_requests`);
    expect(rows).toEqual([{ po_number: 'PO-1', status_code: 200, note: '', bill_to: null }]);
  });

  it('keeps the bill-to of the next one', async () => {
    await client().query(`insert into punchout_order_requests (organisation_id, po_number, payload_id, status_code, bill_to)
      values ($1, 'PO-2', '2@ariba.example', 200, $2)`, [ORGANISATION, JSON.stringify({ company: 'Mayo Hospital', city: 'Lahore' })]);
    const { rows } = await client().query(`select bill_to from punchout_order_requests where po_number = 'PO-2'`);
    expect(rows).toEqual([{ bill_to: { company: 'Mayo Hospital', city: 'Lahore' } }]);
  });
});
