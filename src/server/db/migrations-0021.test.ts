import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** A shop migrated up to 0020, whose categories show drawings by path, then given uploaded category pictures. */
describe('migration 0021: category pictures', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const query = async <T>(sql: string) => (await client().query<T>(sql)).rows;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0020_staff_roles_and_catalogue_editing');
    await client().exec(`
      insert into categories (id, slug, name, image) values
        (1, 'cardiology', 'Cardiology', '/media/categories/cardiology.svg'), (2, 'dental', 'Dental', '');
    `);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('keeps every category and its image path, with no uploaded picture', async () => {
    expect(await query('select slug, image from categories order by id')).toEqual([
      { slug: 'cardiology', image: '/media/categories/cardiology.svg' }, { slug: 'dental', image: '' },
    ]);
    expect(await query('select count(*)::int as n from category_image_renditions')).toEqual([{ n: 0 }]);
  });

  it('holds one rendition per format and width, gone with its category', async () => {
    await client().query(`insert into category_image_renditions (category_id, format, width, height, content)
      values (2, 'webp', 320, 160, '\\x00'), (2, 'avif', 320, 160, '\\x00')`);
    await expect(client().query(`insert into category_image_renditions (category_id, format, width, height, content)
      values (2, 'webp', 320, 160, '\\x01')`)).rejects.toThrow(/duplicate key/);
    await expect(client().query(`insert into category_image_renditions (category_id, format, width, height, content)
      values (9, 'webp', 320, 160, '\\x01')`)).rejects.toThrow(/foreign key/);
    await client().query('delete from categories where id = 2');
    expect(await query('select count(*)::int as n from category_image_renditions')).toEqual([{ n: 0 }]);
  });
});
