import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/catalog.ts';
import { licences } from '../db/schema/licences.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
let trocar: { id: number; slug: string };
const viewers: Record<'visitor' | 'individual' | 'unlicensed' | 'licensed', Headers> = { visitor: {}, individual: {}, unlicensed: {}, licensed: {} };

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  // Nothing in the category is restricted: the product itself is.
  const catalogue = await insertCatalogue(db, ['laparoscopy'], [
    { name: 'Bladeless Trocar', category: 'laparoscopy', priceCents: 5_000, stock: 20 },
    { name: 'Grasper', category: 'laparoscopy', priceCents: 3_000, stock: 20 },
  ]);
  trocar = catalogue.products[0];
  await db.update(products).set({ restricted: true }).where(eq(products.id, trocar.id));
  viewers.individual = (await createTestUser(db, { email: 'surgeon@example.com' })).headers;
  viewers.unlicensed = (await createTestUser(db, { email: 'clinic@example.com', accountType: 'business' })).headers;
  const licensed = await createTestUser(db, { email: 'licensed@hospital.example', accountType: 'business' });
  await db.insert(licences).values({
    userId: licensed.user.id, licenceType: 'drap_establishment', licenceNumber: 'DRAP-1', status: 'verified',
    expiresOn: new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10),
    fileName: 'licence.pdf', storedName: 'licensed.pdf', contentType: 'application/pdf', sizeBytes: 100,
  });
  viewers.licensed = licensed.headers;
});
afterAll(() => t.close());

const addTrocar = (headers: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: trocar.id, quantity: 1 } });

describe('a product restricted on its own, in a category that is not', () => {
  it('needs a licence in the list, the detail and search answers', async () => {
    const list = (await t.app.inject('/api/products/')).json<{ results: { slug: string; licence_required: boolean }[] }>();
    expect(Object.fromEntries(list.results.map((item) => [item.slug, item.licence_required]))).toEqual({ 'bladeless-trocar': true, grasper: false });
    expect((await t.app.inject(`/api/products/${trocar.slug}/`)).json()).toMatchObject({ licence_required: true });
    const search = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'trocar' } });
    expect(search.json<{ results: { slug: string; licence_required: boolean }[] }>().results)
      .toContainEqual(expect.objectContaining({ slug: trocar.slug, licence_required: true }));
    const licensedView = (await t.app.inject({ url: `/api/products/${trocar.slug}/`, headers: viewers.licensed })).json();
    expect(licensedView).toMatchObject({ licence_required: false });
  });

  it('is refused to an individual at Add to Cart, flagged for an unlicensed business, sold to a licensed one', async () => {
    const refused = await addTrocar(viewers.individual);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'LICENCE_REQUIRED' });

    expect((await addTrocar(viewers.unlicensed)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/cart/', headers: viewers.unlicensed })).json()).toMatchObject({ has_licence_issues: true });

    expect((await addTrocar(viewers.licensed)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/cart/', headers: viewers.licensed })).json()).toMatchObject({ has_licence_issues: false });
  });
});
