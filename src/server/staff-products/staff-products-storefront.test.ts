import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Category, ProductFilters } from '#contracts/catalog';
import type { StaffProduct } from '#contracts/staff-products';
import { findProducts, findViewedProduct } from '../chat/shop-lookups.ts';
import { ensureSearchStructures } from '../search/embeddings/vector-store.ts';
import { rowsOf } from '../db/rows.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { scissorsInput, staffProductsClient } from './staff-product-fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof staffProductsClient>;
let product: StaffProduct;

beforeAll(async () => {
  t = await createTestApp();
  await ensureSearchStructures(t.database.db);
  const { categories } = await insertCatalogue(t.database.db, ['cardiology'], [
    { name: 'Kocher Clamp', category: 'cardiology', priceCents: 10_000, brand: 'Sialkot Surgical' },
  ]);
  api = staffProductsClient(t, (await createTestUser(t.database.db, { email: 'catalogue@example.com', staffRole: 'catalogue' })).headers);
  const response = await api.create(scissorsInput(categories[0].id, {
    name: 'Quillfeather Valve Retractor', brand: 'Quillfeather', status: 'draft', certifications: ['MDR'],
    description: '<p>Holds the <strong>mitral</strong> leaflet.</p>',
  }));
  product = response.json<StaffProduct>();
});
afterAll(() => t.close());

/** Everything a buyer could find the product by, read afresh. */
async function buyerSees() {
  const [list, detail, categories, filters, search, suggestions, chat, viewed] = await Promise.all([
    t.app.inject('/api/products/?search=quillfeather'),
    t.app.inject(`/api/products/${product.slug}/`),
    t.app.inject('/api/products/categories/'),
    t.app.inject('/api/products/filters/'),
    t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'quillfeather retractor' } }),
    t.app.inject({ method: 'POST', url: '/api/search/suggestions', payload: { query: 'quillf' } }),
    findProducts(t.database.db, { search: 'quillfeather' }),
    findViewedProduct(t.database.db, `/products/${product.slug}`),
  ]);
  const filterAnswer = filters.json<ProductFilters>();
  return {
    list: list.json<{ count: number }>().count,
    detail: detail.statusCode,
    categoryCount: categories.json<Category[]>()[0].product_count,
    brand: filterAnswer.brands.some((brand) => brand.value === 'Quillfeather'),
    certification: filterAnswer.certifications.some((certification) => certification.value === 'MDR'),
    search: search.json<{ results: { slug: string }[] }>().results.some((result) => result.slug === product.slug),
    suggestion: suggestions.body.includes('Quillfeather Valve Retractor'),
    chat: chat.length,
    viewed: viewed !== null,
  };
}

const HIDDEN = { list: 0, detail: 404, categoryCount: 1, brand: false, certification: false, search: false, suggestion: false, chat: 0, viewed: false };
const SHOWN = { list: 1, detail: 200, categoryCount: 2, brand: true, certification: true, search: true, suggestion: true, chat: 1, viewed: true };

describe('what buyers see of a product staff edit', () => {
  it('hides a draft everywhere, shows it on the next request once published, and hides it again when archived', async () => {
    expect(await buyerSees()).toEqual(HIDDEN);
    expect((await api.update(product.id, { status: 'active', updated_at: product.updated_at })).statusCode).toBe(200);
    expect(await buyerSees()).toEqual(SHOWN);
    expect((await api.bulk({ ids: [product.id], action: 'archive' })).json()).toEqual({ updated: 1 });
    expect(await buyerSees()).toEqual(HIDDEN);
    expect((await api.bulk({ ids: [product.id], action: 'publish' })).json()).toEqual({ updated: 1 });
  });

  it('finds an edited name and catalogue number by search at once, and queues the product for its embedding', async () => {
    const current = await api.get(product.id);
    const renamed = await api.update(product.id, {
      name: 'Quillfeather Atrial Retractor', updated_at: current.updated_at,
      variants: current.variants.map((variant, i) => (i === 0 ? { ...variant, model_number: 'QF-ATR-1' } : variant)),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const query of ['atrial retractor', 'QF-ATR-1', 'mitral leaflet']) {
      const search = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query } });
      expect(search.json<{ results: { slug: string }[] }>().results.map((result) => result.slug), query).toContain(product.slug);
    }
    const queued = rowsOf<{ product_id: number }>(await t.database.db.execute(sql`select product_id from product_embedding_queue`));
    expect(queued.map((row) => row.product_id)).toContain(product.id);
  });

  it('shows search fragments of a formatted description as words, not tags', async () => {
    const search = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'mitral' } });
    const [result] = search.json<{ results: { slug: string; highlights: string[] }[] }>().results;
    expect(result.highlights.join(' ')).toContain('Holds the <mark>mitral</mark> leaflet.');
    expect(result.highlights.join(' ')).not.toMatch(/&lt;|<p>|<strong>/);
  });
});
