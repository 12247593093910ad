import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const BUYER = '00000000-0000-4000-8000-000000000001';
const ORGANISATION = '00000000-0000-4000-8000-000000000010';

/** Punchouts opened before the return frame had a column: an OCI one kept its ~TARGET in buyer_cookie, which 0046 moves. */
describe('migration 0046: the punchout return frame', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0045_punchout_bill_to');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values ('${BUYER}', 'ward@example.com', 'x', 'Sana', 'Iqbal');
      insert into organisations (id, user_id, name, licence_number, status) values ('${ORGANISATION}', '${BUYER}', 'Mayo Hospital', 'PMDC-1', 'verified');
      insert into punchout_sessions (organisation_id, user_id, protocol, buyer_cookie, return_url, start_token_hash, start_expires_at) values
        ('${ORGANISATION}', '${BUYER}', 'cxml', 'c0ffee', 'https://ariba.example/return', 'a', now()),
        ('${ORGANISATION}', '${BUYER}', 'oci', '_top', 'https://srm.example/hook', 'b', now()),
        ('${ORGANISATION}', '${BUYER}', 'oci', '', 'https://srm.example/hook', 'c', now());
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('moves an OCI punchout’s frame to its own column and keeps a cXML buyer cookie where it was', async () => {
    const { rows } = await client().query(`select protocol, buyer_cookie, return_target from punchout_sessions order by start_token_hash`);
    expect(rows).toEqual([
      { protocol: 'cxml', buyer_cookie: 'c0ffee', return_target: '' },
      { protocol: 'oci', buyer_cookie: '', return_target: '_top' },
      { protocol: 'oci', buyer_cookie: '', return_target: '' },
    ]);
  });
});
