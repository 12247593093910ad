import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, ProductFilters } from '#contracts/catalog';
import type { StaffCategory } from '#contracts/staff-categories';
import { auditLog } from '../db/schema/audit.ts';
import { categories } from '../db/schema/catalog.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type Headers = Record<string, string>;

let t: TestApp;
let catalogue: Headers;
let owner: Headers;
let buyer: Headers;
let sales: Headers;
let ids: { surgery: number; dental: number };

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery', 'dental'], [
    { name: 'DeBakey Forceps', category: 'general-surgery', priceCents: 8_499 },
    { name: 'Kocher Clamp', category: 'general-surgery', priceCents: 10_000, isActive: false },
  ]);
  const rows = await t.database.db.select().from(categories);
  ids = { surgery: rows.find((c) => c.slug === 'general-surgery')!.id, dental: rows.find((c) => c.slug === 'dental')!.id };
  expect(products).toHaveLength(2);
  catalogue = (await createTestUser(t.database.db, { email: 'catalogue@example.com', staffRole: 'catalogue' })).headers;
  owner = (await createTestUser(t.database.db, { email: 'owner@example.com', staffRole: 'owner' })).headers;
  sales = (await createTestUser(t.database.db, { email: 'sales@example.com', staffRole: 'sales' })).headers;
  buyer = (await createTestUser(t.database.db, { email: 'buyer@example.com' })).headers;
});
afterAll(() => t.close());

const URL = '/api/staff/categories/';
const list = async (headers = catalogue) => (await t.app.inject({ method: 'GET', url: URL, headers })).json<{ categories: StaffCategory[] }>().categories;
const create = (payload: unknown, headers = catalogue) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: payload as Record<string, unknown> });
const update = (id: number, payload: unknown, headers = catalogue) =>
  t.app.inject({ method: 'PATCH', url: `${URL}${id}/`, headers, payload: payload as Record<string, unknown> });
const reorder = (payload: unknown, headers = catalogue) =>
  t.app.inject({ method: 'PUT', url: `${URL}order/`, headers, payload: payload as Record<string, unknown> });
const remove = (id: number, headers = catalogue) => t.app.inject({ method: 'DELETE', url: `${URL}${id}/`, headers });
const trail = (id: number) => t.database.db.select().from(auditLog)
  .where(eq(auditLog.entityId, String(id))).then((rows) => rows.filter((row) => row.entity === 'category'));
const categoryCount = async () => (await t.database.db.select().from(categories)).length;
const publicCategories = async () => (await t.app.inject('/api/categories/')).json<Category[]>();

describe('/api/staff/categories/', () => {
  it('is for catalogue staff and the owner, never stored by a browser', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    for (const headers of [buyer, sales]) {
      expect((await t.app.inject({ method: 'GET', url: URL, headers })).statusCode).toBe(403);
      expect((await create({ name: 'Ophthalmic' }, headers)).statusCode).toBe(403);
      expect((await update(ids.dental, { name: 'Dentistry' }, headers)).statusCode).toBe(403);
      expect((await reorder({ ids: [ids.dental, ids.surgery] }, headers)).statusCode).toBe(403);
      expect((await remove(ids.dental, headers)).statusCode).toBe(403);
    }
    const res = await t.app.inject({ method: 'GET', url: URL, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await create({}, catalogue)).headers['cache-control']).toBe('no-store');
    expect(await categoryCount()).toBe(2);
  });

  it('lists the categories in order with every product they hold, archived ones included', async () => {
    expect((await list()).map((c) => [c.slug, c.product_count, c.sort_order])).toEqual([
      ['general-surgery', 2, 0], ['dental', 0, 1],
    ]);
  });

  it('answers 400 per field and writes nothing', async () => {
    const res = await create({
      name: ' ', slug: 'Not A Slug', image: 'javascript:alert(1)', restricted: 'yes',
      translations: { ur: { name: 'آلات', description: '' }, ar: { name: '', description: 'وصف' } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'image', 'name', 'restricted', 'slug', 'translations.ar.name', 'translations.ur.description',
    ]);
    expect((await create({ name: 'Dental two', slug: 'dental' })).json().errors).toEqual({ slug: ['Another category uses this slug.'] });
    expect((await create({ name: 'Line\nbreak' })).statusCode).toBe(400);
    expect((await create({ name: 'x'.repeat(121) })).json().errors.name).toEqual(['Enter at most 120 characters.']);
    expect(await categoryCount()).toBe(2);
    expect((await t.database.db.select().from(auditLog)).length).toBe(0);
  });

  it('creates a category last, its slug made from the name, numbered when taken, and records it', async () => {
    const res = await create({
      name: 'Ophthalmic Instruments', description: 'Fine instruments for eye surgery.', image: '/media/categories/ophthalmic.svg',
      restricted: true,
      translations: { ur: { name: 'آنکھ کے آلات', description: 'آنکھ کی سرجری کے باریک آلات۔' }, ar: { name: '', description: '' } },
    }, owner);
    expect(res.statusCode).toBe(201);
    const created = res.json<StaffCategory>();
    expect(created).toMatchObject({
      slug: 'ophthalmic-instruments', sort_order: 2, restricted: true, product_count: 0, image: '/media/categories/ophthalmic.svg',
      translations: { ur: { name: 'آنکھ کے آلات', description: 'آنکھ کی سرجری کے باریک آلات۔' } },
    });
    expect(created.translations.ar).toBeUndefined();
    const [entry] = await trail(created.id);
    expect(entry).toMatchObject({ action: 'category.create', actorEmail: 'owner@example.com', before: null, after: created });

    const again = (await create({ name: 'Ophthalmic instruments!' })).json<StaffCategory>();
    expect(again.slug).toBe('ophthalmic-instruments-2');
    expect((await remove(again.id)).statusCode).toBe(200);
  });

  it('renames a category, keeping its slug, and the storefront shows it on the next request', async () => {
    expect((await t.app.inject('/api/products/filters/')).json<ProductFilters>().categories.map((c) => c.label)).toContain('dental');
    const res = await update(ids.dental, { name: 'Dental Instruments', description: 'Extraction forceps and elevators.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dental Instruments', slug: 'dental', description: 'Extraction forceps and elevators.' });
    expect((await publicCategories()).find((c) => c.id === ids.dental)?.name).toBe('Dental Instruments');
    // Browsers ask again each time (a 304 while nothing changed), rather than keep the old name for a minute.
    expect((await t.app.inject('/api/categories/')).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/api/categories/dental/')).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/api/categories/dental/')).json<Category>().description).toBe('Extraction forceps and elevators.');
    expect((await t.app.inject('/api/products/filters/')).json<ProductFilters>().categories.map((c) => c.label))
      .toContain('Dental Instruments');
    const [entry] = (await trail(ids.dental)).filter((row) => row.action === 'category.update');
    expect(entry.before).toMatchObject({ name: 'dental' });
    expect(entry.after).toMatchObject({ name: 'Dental Instruments' });
  });

  it('changes the slug only to a free one, and sets the licence flag and translations', async () => {
    expect((await update(ids.dental, { slug: 'general-surgery' })).json().errors).toEqual({ slug: ['Another category uses this slug.'] });
    const res = await update(ids.dental, {
      slug: 'dental-instruments', restricted: true,
      translations: { ar: { name: 'أدوات الأسنان', description: 'ملاقط الخلع والروافع.' } },
    });
    expect(res.json()).toMatchObject({ slug: 'dental-instruments', restricted: true, translations: { ar: { name: 'أدوات الأسنان' } } });
    expect((await t.app.inject('/api/categories/dental-instruments/')).json<Category>().translations.ar?.name).toBe('أدوات الأسنان');
    expect((await update(9_999, { name: 'Nowhere' })).statusCode).toBe(404);
    expect((await update(ids.dental, { image: 'http://elsewhere.example/a.png' })).json().errors.image).toHaveLength(1);
  });

  it('reorders the categories, recording each one that moved, and the storefront follows', async () => {
    const all = await list();
    const reversed = all.map((c) => c.id).reverse();
    const res = await reorder({ ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ categories: StaffCategory[] }>().categories.map((c) => c.id)).toEqual(reversed);
    expect((await publicCategories()).map((c) => c.id)).toEqual(reversed);
    const [entry] = (await trail(ids.surgery)).filter((row) => row.action === 'category.reorder');
    expect(entry).toMatchObject({ before: { sort_order: 0 }, after: { sort_order: reversed.length - 1 } });
  });

  it('refuses an order that leaves out, repeats or invents a category, changing nothing', async () => {
    const before = (await list()).map((c) => c.id);
    for (const ids of [before.slice(1), [...before, before[0]], [...before.slice(1), 9_999], []]) {
      const res = await reorder({ ids });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['ids']);
    }
    expect((await reorder({ ids: ['a'] })).statusCode).toBe(400);
    expect((await list()).map((c) => c.id)).toEqual(before);
  });

  it('will not delete a category that holds products, saying how many', async () => {
    const res = await remove(ids.surgery);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CATEGORY_NOT_EMPTY', detail: 'This category holds 2 products. Move them first.', params: { count: 2 },
    });
    expect((await list()).some((c) => c.id === ids.surgery)).toBe(true);
    expect((await trail(ids.surgery)).some((row) => row.action === 'category.delete')).toBe(false);
  });

  it('deletes an empty category, records it, and the storefront no longer lists it', async () => {
    expect((await remove(ids.dental)).json()).toEqual({ detail: 'Category deleted.' });
    expect((await publicCategories()).some((c) => c.id === ids.dental)).toBe(false);
    expect((await t.app.inject('/api/categories/dental-instruments/')).statusCode).toBe(404);
    const [entry] = (await trail(ids.dental)).filter((row) => row.action === 'category.delete');
    expect(entry).toMatchObject({ actorEmail: 'catalogue@example.com', after: null, before: { slug: 'dental-instruments' } });
    expect((await remove(ids.dental)).statusCode).toBe(404);
  });
});
