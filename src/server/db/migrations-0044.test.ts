import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const BUYER = '00000000-0000-4000-8000-000000000001';
const ORGANISATION = '00000000-0000-4000-8000-000000000010';

/** A catalogue, an organisation and reorder lists from before procurement: 0044 classifies every product and keeps the rest. */
describe('migration 0044: procurement', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0043_owner_view');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name) values ('${BUYER}', 'ward@example.com', 'x', 'Sana', 'Iqbal');
      insert into categories (id, slug, name) values
        (1, 'general-surgery', 'General Surgery'), (2, 'sterilization', 'Sterilization'),
        (3, 'dental', 'Dental'), (4, 'diagnostic-equipment', 'Diagnostic Equipment');
      insert into products (id, slug, name, category_id, instrument_type, brand, model_number, price_cents) values
        (1, 'mayo-scissors', 'Mayo Scissors', 1, 'mayo-scissors', 'Acme', 'SS-1', 1200),
        (2, 'autoclave', 'Autoclave', 2, 'autoclave', 'Acme', 'AC-1', 90000),
        (3, 'dental-mirror', 'Dental Mirror', 3, 'dental-mirror', 'Acme', 'DM-1', 400),
        (4, 'otoscope', 'Otoscope', 4, 'otoscope', 'Acme', 'OT-1', 5000);
      insert into organisations (id, user_id, name, licence_number, status) values ('${ORGANISATION}', '${BUYER}', 'Mayo Hospital', 'PMDC-1', 'verified');
      insert into reorder_lists (id, user_id, name) values (5, '${BUYER}', 'Theatre 2');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('gives every product the UNSPSC family of its category', async () => {
    const { rows } = await client().query(`select slug, unspsc from products order by id`);
    expect(rows).toEqual([
      { slug: 'mayo-scissors', unspsc: '42290000' },
      { slug: 'autoclave', unspsc: '42280000' },
      { slug: 'dental-mirror', unspsc: '42150000' },
      { slug: 'otoscope', unspsc: '42180000' },
    ]);
  });

  it('keeps price lists without a contract, and reorder lists as the buyer’s own', async () => {
    const organisation = await client().query(`select price_contract_number, price_contract_starts_on, price_contract_ends_on from organisations`);
    expect(organisation.rows).toEqual([{ price_contract_number: '', price_contract_starts_on: null, price_contract_ends_on: null }]);
    const lists = await client().query(`select id, user_id, name, department_id from reorder_lists`);
    expect(lists.rows).toEqual([{ id: 5, user_id: BUYER, name: 'Theatre 2', department_id: null }]);
  });

  it('refuses a contract that ends before it starts', async () => {
    await expect(client().query(`update organisations set price_contract_starts_on = '2026-12-01', price_contract_ends_on = '2026-11-01'`))
      .rejects.toThrow(/organisations_price_contract_dates/);
  });
});
