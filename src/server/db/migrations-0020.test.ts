import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

const ROOT = '00000000-0000-4000-8000-000000000001';
const STAFF = '00000000-0000-4000-8000-000000000002';
const BUYER = '00000000-0000-4000-8000-000000000003';

/**
 * A shop migrated up to 0019 with the single staff flag and active/inactive products, then migrated to staff roles
 * and product statuses: everyone who could do everything still can, and no product changes who may see it.
 */
describe('migration 0020: staff roles, product status, slug redirects, photos and the audit trail', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const query = async <T>(sql: string) => (await client().query<T>(sql)).rows;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0019_product_variants');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name, is_staff, is_superuser) values
        ('${ROOT}', 'root@example.com', 'x', 'Shop', 'Administrator', true, true),
        ('${STAFF}', 'staff@example.com', 'x', 'Sana', 'Staff', true, false),
        ('${BUYER}', 'buyer@example.com', 'x', 'Ada', 'Buyer', false, false);
      insert into categories (id, slug, name) values (1, 'general-surgery', 'General Surgery');
      insert into products (id, slug, name, category_id, instrument_type, brand, is_active) values
        (1, 'mayo-scissors', 'Mayo Scissors', 1, 'scissors', 'Acme', true),
        (2, 'retired-clamp', 'Retired Clamp', 1, 'clamp', 'Acme', false);
      insert into product_variants (id, product_id, model_number, price_cents) values (1, 1, 'AC-14', 8499), (2, 2, 'AC-90', 900);
      insert into product_images (product_id, url, alt) values (1, '/media/products/mayo-scissors.svg', 'Mayo Scissors');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('makes every staff member and superuser an owner, and leaves buyers without a role', async () => {
    expect(await query('select email, staff_role, is_superuser, deactivated_at from users order by email')).toEqual([
      { email: 'buyer@example.com', staff_role: null, is_superuser: false, deactivated_at: null },
      { email: 'root@example.com', staff_role: 'owner', is_superuser: true, deactivated_at: null },
      { email: 'staff@example.com', staff_role: 'owner', is_superuser: false, deactivated_at: null },
    ]);
    await expect(client().query(`update users set staff_role = 'janitor' where id = '${BUYER}'`)).rejects.toThrow(/users_staff_role/);
    await expect(client().query(`update users set staff_role = 'support' where id = '${ROOT}'`)).rejects.toThrow(/users_superuser_owner/);
  });

  it('turns active products active and inactive ones archived, with is_active computed from the status', async () => {
    expect(await query('select slug, status, is_active, restricted, meta_title from products order by id')).toEqual([
      { slug: 'mayo-scissors', status: 'active', is_active: true, restricted: false, meta_title: '' },
      { slug: 'retired-clamp', status: 'archived', is_active: false, restricted: false, meta_title: '' },
    ]);
    await client().query(`update products set status = 'draft' where id = 1`);
    expect(await query('select is_active from products where id = 1')).toEqual([{ is_active: false }]);
    await expect(client().query(`update products set status = 'gone' where id = 1`)).rejects.toThrow(/products_status/);
    // The variant summary trigger still keeps the card's price.
    expect(await query('select price_cents, variant_count from products where id = 1')).toEqual([{ price_cents: 8499, variant_count: 1 }]);
  });

  it('keeps demo drawings as gallery images without renditions', async () => {
    expect(await query('select url, width, content_hash from product_images')).toEqual([
      { url: '/media/products/mayo-scissors.svg', width: null, content_hash: null },
    ]);
    expect(await query('select count(*)::int as n from product_image_renditions')).toEqual([{ n: 0 }]);
  });

  it('keeps an append-only audit trail', async () => {
    await client().query(`insert into audit_log (actor_id, actor_email, action, entity, entity_id, after)
      values ('${ROOT}', 'root@example.com', 'product.update', 'product', '1', '{"status":"draft"}')`);
    await expect(client().query(`update audit_log set action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(client().query('delete from audit_log')).rejects.toThrow(/append-only/);
    expect(await query('select action, entity_id from audit_log')).toEqual([{ action: 'product.update', entity_id: '1' }]);
  });
});
