import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop from before: 0051 keeps its shipping zones and methods as they were, and makes their writes drop kept answers. */
describe('migration 0051: shipping writes notify the catalogue cache', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0050_private_label_balance');
    await client().exec(`
      insert into shipping_zones (id, name, countries) values (901, 'Gulf', '{AE,SA}');
      insert into shipping_methods (id, zone_id, name, carrier, flat_price_cents, free_over_cents, days_min, days_max)
        values (901, 901, 'Gulf courier', 'dhl_express', 1500, 50000, 3, 5);
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps the zones and methods', async () => {
    const { rows } = await client().query<{ name: string; free_over_cents: number }>('select name, free_over_cents from shipping_methods where id = 901');
    expect(rows).toEqual([{ name: 'Gulf courier', free_over_cents: 50000 }]);
  });

  it('notifies catalog_changes that everything kept may have changed on a write to either table', async () => {
    const heard: string[] = [];
    const stop = await client().listen('catalog_changes', (payload) => heard.push(payload));
    await client().exec('update shipping_methods set free_over_cents = 60000 where id = 901');
    await client().exec(`update shipping_zones set cities = '{Dubai}' where id = 901`);
    await stop();
    expect(heard).toEqual(['{"all":true}', '{"all":true}']);
  });
});
