import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const FOUNDER = '00000000-0000-0000-0000-000000000001';
const SOLO = '00000000-0000-0000-0000-000000000002';
const ORGANISATION = '00000000-0000-0000-0000-0000000000a1';

/** A shop migrated up to 0026 with an organisation its registering account owned alone, then given members. */
describe('migration 0027: organisation members', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0026_token_versions');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name, account_type) values
        ('${FOUNDER}', 'admin@mayo.example', 'x', 'Bilal', 'A', 'business'),
        ('${SOLO}', 'dr.solo@example.com', 'x', 'Solo', 'B', 'individual');
      insert into organisations (id, user_id, name, licence_number, status, payment_terms, credit_limit_cents, created_at)
        values ('${ORGANISATION}', '${FOUNDER}', 'Mayo Hospital', 'PMC-55-1234', 'verified', 'net30', 500000, '2026-03-01T09:00:00Z');
    `);
    // Later migrations reshape invitations (0030): the rows are read as 0027 left them.
    await migrateUntil(database, '0027_organisation_members');
  });
  afterAll(() => database.close());

  it('makes the account that registered each organisation its admin, joined since the organisation was made, and nobody else a member', async () => {
    const { rows } = await client().query<Record<string, unknown>>(
      'select organisation_id, user_id, role, account_created, joined_at from organisation_members',
    );
    expect(rows).toEqual([{
      organisation_id: ORGANISATION, user_id: FOUNDER, role: 'admin', account_created: false, joined_at: new Date('2026-03-01T09:00:00Z'),
    }]);
    const organisation = await client().query('select name, status, payment_terms, credit_limit_cents from organisations');
    expect(organisation.rows).toEqual([{ name: 'Mayo Hospital', status: 'verified', payment_terms: 'net30', credit_limit_cents: 500000 }]);
  });

  it('lets a person belong to one organisation only, in one of the four roles', async () => {
    await expect(client().query(
      `insert into organisation_members (organisation_id, user_id, role) values ('${ORGANISATION}', '${FOUNDER}', 'buyer')`,
    )).rejects.toThrow(/organisation_members_user_key/);
    await expect(client().query(
      `insert into organisation_members (organisation_id, user_id, role) values ('${ORGANISATION}', '${SOLO}', 'owner')`,
    )).rejects.toThrow(/organisation_members_role_check/);
  });
});
