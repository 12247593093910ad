import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const KEEN = '00000000-0000-4000-8000-000000000001';
const QUIET = '00000000-0000-4000-8000-000000000002';

/** Accounts and carts from before cart reminders: 0043 keeps every preference and turns reminders on for all. */
describe('migration 0043: notes, order edits and cart reminders', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0042_returns');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name, notifications) values
        ('${KEEN}', 'keen@example.com', 'x', 'Ayesha', 'Khan', '{"email": true, "sms": true, "push": false}'),
        ('${QUIET}', 'quiet@example.com', 'x', 'Omar', 'Malik', '{"email": false, "sms": false, "push": false}');
      insert into carts (id, user_id, updated_at) values (7, '${KEEN}', '2026-05-01T10:00:00Z');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps each account’s preferences and adds reminders, on', async () => {
    const { rows } = await client().query(`select email, notifications from users order by email`);
    expect(rows).toEqual([
      { email: 'keen@example.com', notifications: { email: true, sms: true, push: false, cartReminders: true } },
      { email: 'quiet@example.com', notifications: { email: false, sms: false, push: false, cartReminders: true } },
    ]);
  });

  it('keeps carts as they were, never reminded', async () => {
    const { rows } = await client().query(`select id, updated_at, reminded_at from carts`);
    expect(rows).toEqual([{ id: 7, updated_at: new Date('2026-05-01T10:00:00Z'), reminded_at: null }]);
  });

  it('starts reminders on, after 24 hours, with no discount', async () => {
    const { rows } = await client().query(`select id, enabled, idle_hours, promo_code_id from cart_reminder_settings`);
    expect(rows).toEqual([{ id: 1, enabled: true, idle_hours: 24, promo_code_id: null }]);
  });
});
