import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0024 with an account and a queued mail, then given the job runs. */
describe('migration 0025: job runs', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0024_mail_outbox');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name)
        values ('00000000-0000-0000-0000-000000000001', 'a@example.com', 'x', 'A', 'K');
      insert into mail_outbox (message_id, "to", subject, text, html, kind)
        values ('<1@shop.example>', 'a@example.com', 'Verify', 'text', '<p>html</p>', 'verification');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps what was there, mail still waiting, and starts with no job run', async () => {
    expect((await client().query('select email from users')).rows).toEqual([{ email: 'a@example.com' }]);
    expect((await client().query(`select status from mail_outbox`)).rows).toEqual([{ status: 'pending' }]);
    expect((await client().query('select count(*)::int as n from job_runs')).rows).toEqual([{ n: 0 }]);
  });
});
