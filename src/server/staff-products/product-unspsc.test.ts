import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ProductDetail } from '#contracts/catalog';
import type { ErrorBody } from '#contracts/errors';
import type { StaffProduct } from '#contracts/staff-products';
import { auditLog } from '../db/schema/audit.ts';
import { products } from '../db/schema/catalog.ts';
import { defaultUnspsc } from '../catalog/unspsc.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { scissorsInput, staffProductsClient } from './staff-product-fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof staffProductsClient>;
const category: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { categories } = await insertCatalogue(t.database.db, ['general-surgery', 'dental', 'sterilization', 'diagnostic-equipment'], [
    { name: 'Kocher Clamp', category: 'general-surgery', priceCents: 10_000 },
  ]);
  for (const row of categories) category[row.slug] = row.id;
  api = staffProductsClient(t, (await createTestUser(t.database.db, { email: 'catalogue@example.com', staffRole: 'catalogue' })).headers);
});
afterAll(() => t.close());

const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0].n;
const storedCode = async (id: number) => (await t.database.db.select({ unspsc: products.unspsc }).from(products).where(eq(products.id, id)))[0].unspsc;

async function created(slug: string, overrides: Parameters<typeof scissorsInput>[1], code: string): Promise<StaffProduct> {
  const response = await api.create(scissorsInput(category[slug], overrides, code));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StaffProduct>();
}

describe('the default code of a category', () => {
  it('is the UNSPSC family of the category, surgical products for the rest', () => {
    expect(['sterilization', 'dental', 'diagnostic-equipment', 'general-surgery', 'ophthalmology'].map(defaultUnspsc))
      .toEqual(['42280000', '42150000', '42180000', '42290000', '42290000']);
  });
});

describe('a product’s UNSPSC code', () => {
  it('takes the category’s family code when a new product gives none', async () => {
    const dental = await created('dental', { name: 'Dental Probe' }, 'DP');
    const surgical = await created('general-surgery', { name: 'Mayo Scissors', unspsc: '' }, 'MY');
    expect([dental.unspsc, surgical.unspsc]).toEqual(['42150000', '42290000']);
    expect(await storedCode(dental.id)).toBe('42150000');
  });

  it('keeps a code staff give as 8 digits, spaces and dots dropped, and shows it to buyers', async () => {
    const product = await created('general-surgery', { name: 'Iris Scissors', unspsc: ' 4229.1800 ' }, 'IR');
    expect(product.unspsc).toBe('42291800');
    const detail = (await t.app.inject({ method: 'GET', url: `/api/products/${product.slug}/` })).json<ProductDetail>();
    expect(detail.unspsc).toBe('42291800');
  });

  it('answers 400 on unspsc for a code that is not 8 digits, and writes nothing', async () => {
    const before = await productCount();
    for (const unspsc of ['4229180', '422918001', '4229180A', 'forceps']) {
      const response = await api.create(scissorsInput(category['general-surgery'], { unspsc }, 'BAD'));
      expect(response.statusCode, unspsc).toBe(400);
      expect(response.json<ErrorBody>().errors?.unspsc?.join(' ')).toMatch(/8-digit UNSPSC code/);
    }
    expect(await productCount()).toBe(before);

    const product = await created('sterilization', { name: 'Autoclave Tray' }, 'AT');
    const audits = (await t.database.db.select({ n: count() }).from(auditLog))[0].n;
    const response = await api.update(product.id, { unspsc: '4228-0000', updated_at: product.updated_at });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().errors ?? {})).toEqual(['unspsc']);
    expect(await storedCode(product.id)).toBe('42280000');
    expect((await t.database.db.select({ n: count() }).from(auditLog))[0].n).toBe(audits);
  });

  it('changes on an edit, is kept when an edit leaves it out, and goes back to the category’s code when emptied', async () => {
    const product = await created('diagnostic-equipment', { name: 'Otoscope' }, 'OT');
    expect(product.unspsc).toBe('42180000');
    let response = await api.update(product.id, { unspsc: '42181700', updated_at: product.updated_at });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json<StaffProduct>();
    expect(changed.unspsc).toBe('42181700');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(product.id))).orderBy(auditLog.id).offset(1);
    expect([audit.before, audit.after]).toMatchObject([{ unspsc: '42180000' }, { unspsc: '42181700' }]);

    response = await api.update(product.id, { name: 'Pocket Otoscope', updated_at: changed.updated_at });
    expect(response.json<StaffProduct>()).toMatchObject({ name: 'Pocket Otoscope', unspsc: '42181700' });
    response = await api.update(product.id, { unspsc: '', category_id: category.dental, updated_at: response.json<StaffProduct>().updated_at });
    expect(response.json<StaffProduct>().unspsc).toBe('42150000');
  });
});
