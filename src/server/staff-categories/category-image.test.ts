import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '#contracts/catalog';
import type { StaffCategory } from '#contracts/staff-categories';
import { auditLog } from '../db/schema/audit.ts';
import { categories, categoryImageRenditions } from '../db/schema/catalog.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { multipart } from '../test/multipart-body.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let staff: Record<string, string>;
let buyer: Record<string, string>;
let id: number;

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
const upload = (categoryId: number, content: Buffer | null, headers = staff) => {
  const { payload, contentType } = multipart(content ? [{ name: 'file', value: content, filename: 'cardiology.jpg', contentType: 'image/jpeg' }] : []);
  return t.app.inject({ method: 'POST', url: `/api/staff/categories/${categoryId}/image/`, headers: { ...headers, 'content-type': contentType }, payload });
};
const renditions = () => t.database.db.select().from(categoryImageRenditions).where(eq(categoryImageRenditions.categoryId, id));

beforeAll(async () => {
  t = await createTestApp();
  [{ id }] = await t.database.db.insert(categories).values({ slug: 'cardiology', name: 'Cardiology', image: '/media/categories/cardiology.svg' })
    .returning({ id: categories.id });
  staff = (await createTestUser(t.database.db, { email: 'catalogue@example.com', staffRole: 'catalogue' })).headers;
  buyer = (await createTestUser(t.database.db, { email: 'buyer@example.com' })).headers;
});
afterAll(() => t.close());

describe('POST /api/staff/categories/{id}/image/', () => {
  it('is for catalogue staff, and refuses a missing file or one that is not a picture, storing nothing', async () => {
    expect((await upload(id, await picture(800, 400), buyer)).statusCode).toBe(403);
    const missing = await upload(id, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ file: ['Choose a file.'] });
    const text = await upload(id, Buffer.from('not a picture at all'));
    expect(text.json().errors).toEqual({ file: ['Upload a JPEG, PNG or WebP photo.'] });
    expect(text.headers['cache-control']).toBe('no-store');
    expect((await upload(9_999, await picture(800, 400))).statusCode).toBe(404);
    expect(await renditions()).toEqual([]);
    expect((await t.database.db.select().from(categories).where(eq(categories.id, id)))[0].image).toBe('/media/categories/cardiology.svg');
  });

  it('encodes the picture, serves the card rendition the storefront names, and records the change', async () => {
    const res = await upload(id, await picture(1_000, 500));
    expect(res.statusCode).toBe(200);
    const category = res.json<StaffCategory>();
    expect(category.image).toMatch(/^\/media\/category-images\/\d+\/[0-9a-f]{16}\/640\.webp$/);
    expect((await renditions()).map((r) => `${r.format}:${r.width}`).sort()).toEqual(['avif:320', 'avif:640', 'avif:960', 'webp:320', 'webp:640', 'webp:960']);
    expect((await t.app.inject('/api/categories/cardiology/')).json<Category>().image).toBe(category.image);

    const served = await t.app.inject(category.image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 320 });
    expect((await t.app.inject(category.image.replace('640.webp', '320.avif'))).headers['content-type']).toBe('image/avif');
    expect((await t.app.inject(category.image.replace(/\/[0-9a-f]{16}\//, '/0000000000000000/'))).statusCode).toBe(404);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'category.image'));
    expect(entry).toMatchObject({ entityId: String(id), before: { image: '/media/categories/cardiology.svg' }, after: { image: category.image } });
  });

  it('replaces the picture on a new upload, and drops it when staff set another image path', async () => {
    const first = (await t.database.db.select().from(categories).where(eq(categories.id, id)))[0].image;
    const second = (await upload(id, await picture(300, 300))).json<StaffCategory>().image;
    expect(second).toMatch(/\/300\.webp$/);
    expect((await t.app.inject(first)).statusCode).toBe(404);
    expect((await renditions()).map((r) => r.width)).toEqual([300, 300]);

    await t.app.inject({ method: 'PATCH', url: `/api/staff/categories/${id}/`, headers: staff, payload: { image: second } });
    expect(await renditions()).toHaveLength(2);
    await t.app.inject({ method: 'PATCH', url: `/api/staff/categories/${id}/`, headers: staff, payload: { image: '/media/categories/cardiology.svg' } });
    expect(await renditions()).toEqual([]);
    expect((await t.app.inject(second)).statusCode).toBe(404);
  });
});
