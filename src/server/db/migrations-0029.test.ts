import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const ADMIN = '00000000-0000-0000-0000-000000000001';
const ORGANISATION = '00000000-0000-0000-0000-0000000000a1';

/** A shop migrated up to 0028 with a department and a spending limit, then given the schema's foreign key names. */
describe("migration 0029: foreign keys named as the schema names them", () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const foreignKeys = async () => (await client().query<{ name: string }>(`
    select conname as name from pg_constraint
    where contype = 'f' and conrelid::regclass::text in
      ('order_requests', 'organisation_departments', 'organisation_member_departments', 'organisation_orders', 'spending_limits')
    order by 1`)).rows.map((row) => row.name);

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0028_organisation_purchasing');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name, account_type)
        values ('${ADMIN}', 'admin@mayo.example', 'x', 'Bilal', 'A', 'business');
      insert into organisations (id, user_id, name, licence_number) values ('${ORGANISATION}', '${ADMIN}', 'Mayo Hospital', 'PMC-55-1234');
      insert into organisation_departments (organisation_id, name, bill_to, ship_to) values ('${ORGANISATION}', 'Theatre', '{}', '[]');
      insert into spending_limits (organisation_id, department_id, per_order_cents) values ('${ORGANISATION}', 1, 50000);
    `);
    expect(await foreignKeys()).toContain('spending_limits_department_id_fkey');
    await database.migrate();
  });
  afterAll(() => database.close());

  it('renames every foreign key of 0028 and keeps the rows', async () => {
    const names = await foreignKeys();
    expect(names).toHaveLength(14);
    expect(names.filter((name) => name.endsWith('_fkey'))).toEqual([]);
    expect(names).toContain('spending_limits_department_id_organisation_departments_id_fk');
    expect((await client().query('select per_order_cents from spending_limits')).rows).toEqual([{ per_order_cents: 50000 }]);
  });

  it('still cascades: removing the organisation removes its departments and limits', async () => {
    await client().query(`delete from organisations where id = '${ORGANISATION}'`);
    expect((await client().query('select count(*)::int as n from spending_limits')).rows).toEqual([{ n: 0 }]);
    expect((await client().query('select count(*)::int as n from organisation_departments')).rows).toEqual([{ n: 0 }]);
  });
});
