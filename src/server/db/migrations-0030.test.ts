import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const ADMIN = '00000000-0000-0000-0000-000000000001';
const DOCTOR = '00000000-0000-0000-0000-000000000002';
const UNUSED = '00000000-0000-0000-0000-000000000003';
const RESET = '00000000-0000-0000-0000-000000000004';
const ORGANISATION = '00000000-0000-0000-0000-0000000000a1';
const day = 86_400_000;

/**
 * A shop migrated up to 0029 the old way: an invitation was a member row of an account, and an address without one
 * got an account with a password nobody knew. Then invitations become addresses with their link on the row.
 */
describe('migration 0030: invitations without accounts', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const later = new Date(Date.now() + 2 * day).toISOString();

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0029_foreign_key_names');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name, account_type, last_login_at) values
        ('${ADMIN}', 'admin@mayo.example', 'x', 'Bilal', 'A', 'business', now()),
        ('${DOCTOR}', 'Dr.Khan@Example.com', 'x', 'Imran', 'Khan', 'individual', now()),
        ('${UNUSED}', 'nurse@mayo.example', 'x', '', '', 'business', null),
        ('${RESET}', 'clerk@mayo.example', 'x', '', '', 'business', now());
      insert into organisations (id, user_id, name, licence_number, status) values ('${ORGANISATION}', '${ADMIN}', 'Mayo Hospital', 'PMC-1', 'verified');
      insert into organisation_members (organisation_id, user_id, role, joined_at) values ('${ORGANISATION}', '${ADMIN}', 'admin', now());
      insert into organisation_members (organisation_id, user_id, role, account_created, invited_by, invited_at) values
        ('${ORGANISATION}', '${DOCTOR}', 'approver', false, '${ADMIN}', '2026-11-01T09:00:00Z'),
        ('${ORGANISATION}', '${UNUSED}', 'buyer', true, '${ADMIN}', '2026-11-02T09:00:00Z'),
        ('${ORGANISATION}', '${RESET}', 'finance', true, '${ADMIN}', '2026-11-03T09:00:00Z');
      insert into spending_limits (organisation_id, member_id, per_order_cents)
        select '${ORGANISATION}', id, 50000 from organisation_members where user_id = '${UNUSED}';
      insert into user_tokens (user_id, purpose, token_hash, expires_at, used_at, created_at) values
        ('${DOCTOR}', 'organisation_invite', 'old-doctor-link', '${later}', now(), now() - interval '1 hour'),
        ('${DOCTOR}', 'organisation_invite', 'doctor-link', '${later}', null, now()),
        ('${UNUSED}', 'organisation_invite', 'nurse-link', '${later}', null, now()),
        ('${ADMIN}', 'reset_password', 'admin-reset', '${later}', null, now());
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps each waiting invitation as its address, role, date and the link already mailed, with no account behind it', async () => {
    const { rows } = await client().query(`
      select user_id, email, role, token_hash, invite_expires_at is not null as expires, invited_by, invited_at, joined_at is not null as joined
      from organisation_members order by id`);
    expect(rows).toEqual([
      { user_id: ADMIN, email: null, role: 'admin', token_hash: null, expires: false, invited_by: null, invited_at: expect.any(Date), joined: true },
      { user_id: null, email: 'dr.khan@example.com', role: 'approver', token_hash: 'doctor-link', expires: true, invited_by: ADMIN,
        invited_at: new Date('2026-11-01T09:00:00Z'), joined: false },
      { user_id: null, email: 'nurse@mayo.example', role: 'buyer', token_hash: 'nurse-link', expires: true, invited_by: ADMIN,
        invited_at: new Date('2026-11-02T09:00:00Z'), joined: false },
      { user_id: null, email: 'clerk@mayo.example', role: 'finance', token_hash: null, expires: false, invited_by: ADMIN,
        invited_at: new Date('2026-11-03T09:00:00Z'), joined: false },
    ]);
    // What the admin set for the invited person waits with the invitation.
    expect((await client().query('select count(*)::int as n from spending_limits where member_id is not null')).rows).toEqual([{ n: 1 }]);
  });

  it('removes the accounts invitations made that nobody ever signed into, and keeps every other account and token', async () => {
    const { rows } = await client().query<{ email: string }>('select email from users');
    expect(rows.map((row) => row.email).sort()).toEqual(['Dr.Khan@Example.com', 'admin@mayo.example', 'clerk@mayo.example']);
    const tokens = await client().query('select purpose, token_hash from user_tokens');
    expect(tokens.rows).toEqual([{ purpose: 'reset_password', token_hash: 'admin-reset' }]);
  });

  it('holds no account on an invitation, one invitation per address in an organisation, and no member without an account', async () => {
    const invite = (values: string) => client().query(`insert into organisation_members (organisation_id, user_id, email, role) values ${values}`);
    await expect(invite(`('${ORGANISATION}', '${RESET}', 'clerk@mayo.example', 'buyer')`)).rejects.toThrow(/organisation_members_invited_or_joined/);
    await expect(invite(`('${ORGANISATION}', null, 'nurse@mayo.example', 'buyer')`)).rejects.toThrow(/organisation_members_invited_email_key/);
    await expect(invite(`('${ORGANISATION}', null, null, 'buyer')`)).rejects.toThrow(/organisation_members_invited_or_joined/);
    await expect(client().query(`insert into organisation_members (organisation_id, role, joined_at) values ('${ORGANISATION}', 'buyer', now())`))
      .rejects.toThrow(/organisation_members_invited_or_joined/);
  });
});
