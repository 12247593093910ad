import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ErrorBody } from '#contracts/errors';
import type { StaffProduct } from '#contracts/staff-products';
import { auditLog } from '../db/schema/audit.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { scissorsInput, staffProductsClient } from './staff-product-fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof staffProductsClient>;
let categoryIds: number[];
let scissors: StaffProduct;
let penny: StaffProduct;

beforeAll(async () => {
  t = await createTestApp();
  const { categories } = await insertCatalogue(t.database.db, ['general-surgery', 'orthopaedics'], [
    { name: 'Kocher Clamp', category: 'general-surgery', priceCents: 10_000 },
  ]);
  categoryIds = categories.map((category) => category.id);
  api = staffProductsClient(t, (await createTestUser(t.database.db, { email: 'catalogue@example.com', staffRole: 'catalogue' })).headers);
  scissors = (await api.create(scissorsInput(categoryIds[0], { status: 'draft' }))).json<StaffProduct>();
  penny = (await api.create(scissorsInput(categoryIds[0], {
    name: 'Suture Clip', status: 'draft', options: [], variants: [{ model_number: 'SC-1', price: '0.01' }],
  }))).json<StaffProduct>();
});
afterAll(() => t.close());

const entries = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0].n;
const actionsOf = async (id: number) => (await t.database.db.select({ action: auditLog.action }).from(auditLog)
  .where(eq(auditLog.entityId, String(id))).orderBy(auditLog.id)).map((row) => row.action);

describe('bulk actions', () => {
  it('answer 400 per field for a missing category, percentage or unknown product, and change nothing', async () => {
    const before = await entries();
    const cases: [Record<string, unknown>, string][] = [
      [{ ids: [scissors.id], action: 'move' }, 'category_id'],
      [{ ids: [scissors.id], action: 'move', category_id: 99_999 }, 'category_id'],
      [{ ids: [scissors.id], action: 'reprice' }, 'percent'],
      [{ ids: [scissors.id], action: 'reprice', percent: -95 }, 'percent'],
      [{ ids: [scissors.id, 99_999], action: 'publish' }, 'ids'],
      [{ ids: [], action: 'publish' }, 'ids'],
      [{ ids: [scissors.id], action: 'delete' }, 'action'],
    ];
    for (const [body, field] of cases) {
      const response = await api.bulk(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().errors?.[field], response.body).toBeDefined();
    }
    expect(await entries()).toBe(before);
    expect((await api.get(scissors.id)).status).toBe('draft');
  });

  it('publish, archive and draft again, one audit entry per product that changed', async () => {
    const published = await api.bulk({ ids: [scissors.id, penny.id], action: 'publish' });
    expect(published.statusCode).toBe(200);
    expect(published.headers['cache-control']).toBe('no-store');
    expect(published.json()).toEqual({ updated: 2 });
    expect((await api.get(scissors.id)).status).toBe('active');
    expect((await t.app.inject(`/api/products/${scissors.slug}/`)).statusCode).toBe(200);
    // Already published: nothing to change, nothing recorded.
    expect((await api.bulk({ ids: [scissors.id], action: 'publish' })).json()).toEqual({ updated: 0 });

    expect((await api.bulk({ ids: [scissors.id], action: 'archive' })).json()).toEqual({ updated: 1 });
    expect((await t.app.inject(`/api/products/${scissors.slug}/`)).statusCode).toBe(404);
    expect((await api.bulk({ ids: [scissors.id], action: 'draft' })).json()).toEqual({ updated: 1 });
    expect((await api.get(scissors.id)).status).toBe('draft');
    expect(await actionsOf(scissors.id)).toEqual(['product.create', 'product.publish', 'product.archive', 'product.draft']);
    expect(await actionsOf(penny.id)).toEqual(['product.create', 'product.publish']);
  });

  it('move products to another category', async () => {
    expect((await api.bulk({ ids: [scissors.id, penny.id], action: 'move', category_id: categoryIds[1] })).json()).toEqual({ updated: 2 });
    expect((await api.get(penny.id)).category_id).toBe(categoryIds[1]);
    expect((await actionsOf(penny.id)).at(-1)).toBe('product.move');
  });

  it('reprice every variant, original and tier price by a percentage, to the cent and never below one cent', async () => {
    expect((await api.bulk({ ids: [scissors.id, penny.id], action: 'reprice', percent: 12.5 })).json()).toEqual({ updated: 2 });
    const repriced = await api.get(scissors.id);
    expect(repriced.variants.map((variant) => [variant.price, variant.original_price])).toEqual([
      ['22.50', null], ['23.63', '28.13'], ['27.00', null], ['28.13', null],
    ]);
    expect(repriced.variants[2].tiers).toEqual([{ min_quantity: 10, price: '24.75' }, { min_quantity: 50, price: '23.06' }]);

    expect((await api.bulk({ ids: [penny.id], action: 'reprice', percent: -90 })).json()).toEqual({ updated: 1 });
    expect((await api.get(penny.id)).variants[0].price).toBe('0.01');
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'product.reprice')).orderBy(auditLog.id).limit(1);
    expect(entry.before).toMatchObject({ variants: [{ price: '20.00' }, {}, {}, {}] });
    expect(entry.after).toMatchObject({ variants: [{ price: '22.50' }, {}, {}, {}] });
  });

  it('refuse a reprice whose rounding brings an original price down to its price, and change no product of the selection', async () => {
    const staple = (await api.create(scissorsInput(categoryIds[0], {
      name: 'Skin Staple', status: 'draft', options: [], variants: [{ model_number: 'SS-1', price: '0.02', original_price: '0.03' }],
    }))).json<StaffProduct>();
    const before = [await api.get(scissors.id), await api.get(staple.id)];
    const audited = await entries();
    const res = await api.bulk({ ids: [scissors.id, staple.id], action: 'reprice', percent: -90 });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().issues?.percent).toMatchObject([{ key: 'reprice_breaks_prices', params: { name: 'Skin Staple' } }]);
    expect([await api.get(scissors.id), await api.get(staple.id)]).toEqual(before);
    expect(await entries()).toBe(audited);
  });
});
