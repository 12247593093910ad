import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0023 with an account and a contact message (mail then went out unrecorded), then given the outbox. */
describe('migration 0024: mail outbox', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0023_catalogue_change_notifications');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name)
        values ('00000000-0000-0000-0000-000000000001', 'a@example.com', 'x', 'A', 'K');
      insert into contact_messages (first_name, last_name, email, subject, message, consent)
        values ('A', 'K', 'a@example.com', 'general', 'Hello', true);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps what was there and starts with an empty outbox', async () => {
    expect((await client().query('select email from users')).rows).toEqual([{ email: 'a@example.com' }]);
    expect((await client().query('select count(*)::int as n from contact_messages')).rows).toEqual([{ n: 1 }]);
    expect((await client().query('select count(*)::int as n from mail_outbox')).rows).toEqual([{ n: 0 }]);
  });

  it('queues a mail as pending, due now, with no attempts', async () => {
    const { rows } = await client().query<{ status: string; attempts: number; due: boolean }>(`insert into mail_outbox
      (message_id, "to", subject, text, html, kind) values ('<1@shop.test>', 'a@example.com', 'Hi', 'Hi', '<p>Hi</p>', 'contact')
      returning status, attempts, next_attempt_at <= now() as due`);
    expect(rows).toEqual([{ status: 'pending', attempts: 0, due: true }]);
  });

  it('refuses a second mail with the same Message-ID and an unknown status', async () => {
    await expect(client().query(`insert into mail_outbox (message_id, "to", subject, text, html, kind)
      values ('<1@shop.test>', 'b@example.com', 'Hi', 'Hi', '<p>Hi</p>', 'contact')`)).rejects.toThrow(/unique/);
    await expect(client().query(`insert into mail_outbox (message_id, "to", subject, text, html, kind, status)
      values ('<2@shop.test>', 'b@example.com', 'Hi', 'Hi', '<p>Hi</p>', 'contact', 'lost')`)).rejects.toThrow(/check/);
  });
});
