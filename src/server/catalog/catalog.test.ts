import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';

let t: TestApp;
const hour = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  const items = Array.from({ length: 23 }, (_, i) => ({
    name: `Mayo Scissors ${i + 1}`,
    category: 'general-surgery',
    priceCents: 1000 + i * 100,
  }));
  const { products } = await insertCatalogue(t.database.db, ['cardiology', 'general-surgery', 'dental'], [
    ...items,
    { name: 'Satinsky Clamp', category: 'cardiology', brand: 'Zenith Instruments', priceCents: 18_950, originalPriceCents: 22_000, stock: 0, certifications: ['CE', 'ISO 13485'], rating: 4.5 },
    { name: 'DeBakey Forceps', category: 'cardiology', priceCents: 6_500, stock: 5, reserved: 2, certifications: ['FDA 510(k)'] },
  ]);
  await insertFlashSale(t.database.db, products[24].id, {
    salePriceCents: 5_200, totalStock: 4, soldCount: 1, startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + 5 * hour),
  });
  await insertFlashSale(t.database.db, products[0].id, {
    salePriceCents: 500, totalStock: 4, soldCount: 1, startsAt: new Date(Date.now() - 5 * hour), endsAt: new Date(Date.now() - hour),
  });
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject(`/api/products/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/products/', () => {
  it('pages by 20, newest first by default', async () => {
    const first = await list();
    expect(first.count).toBe(25);
    expect(first.results).toHaveLength(20);
    expect(first.total_pages).toBe(2);
    expect(first.results[0].name).toBe('DeBakey Forceps');
    const second = await list('?page=2');
    expect(second.results).toHaveLength(5);
    expect(second.results.at(-1).name).toBe('Mayo Scissors 1');
  });

  it('gives the spec\'s list fields, with stock net of reservations', async () => {
    const { results } = await list('?category=cardiology&ordering=price');
    expect(results.map((p: { name: string }) => p.name)).toEqual(['DeBakey Forceps', 'Satinsky Clamp']);
    expect(results[1]).toMatchObject({
      slug: 'satinsky-clamp', category: 'cardiology', brand: 'Zenith Instruments', price: '189.50',
      original_price: '220.00', stock_quantity: 0, is_in_stock: false, certifications: ['CE', 'ISO 13485'],
      average_rating: 4.5, review_count: 0, main_image: '/media/test/satinsky-clamp.svg',
    });
    expect(results[0]).toMatchObject({ stock_quantity: 3, is_in_stock: true, original_price: null });
  });

  it('filters by search, brand, certification and price range', async () => {
    expect((await list('?search=satinsky')).count).toBe(1);
    expect((await list('?search=100%25')).count).toBe(0);
    expect((await list('?brand=zenith%20instruments')).count).toBe(1);
    expect((await list('?certification=fda%20510(k)')).results[0].name).toBe('DeBakey Forceps');
    expect((await list('?min_price=30&max_price=100')).results.map((p: { name: string }) => p.name))
      .toEqual(['DeBakey Forceps', 'Mayo Scissors 23', 'Mayo Scissors 22', 'Mayo Scissors 21']);
  });

  it('sorts by price both ways and by rating', async () => {
    expect((await list('?ordering=-price')).results[0].name).toBe('Satinsky Clamp');
    expect((await list('?ordering=price')).results[0].name).toBe('Mayo Scissors 1');
    expect((await list('?ordering=-average_rating')).results[0].name).toBe('Satinsky Clamp');
  });

  it('answers bad query values with 400 per field', async () => {
    const res = await t.app.inject('/api/products/?page=0&ordering=cheapest&min_price=abc');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toBe('Validation failed');
    expect(Object.keys(body.errors).sort()).toEqual(['min_price', 'ordering', 'page']);
    const range = await t.app.inject('/api/products/?min_price=100&max_price=10');
    expect(range.json().errors).toEqual({ max_price: ['Must be at least the minimum price.'] });
  });

  it('gives an empty last page past the end', async () => {
    const res = await list('?page=9');
    expect(res.results).toEqual([]);
    expect(res.count).toBe(25);
  });
});

describe('GET /api/products/categories/', () => {
  it('lists categories with true product counts', async () => {
    const res = await t.app.inject('/api/products/categories/');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { slug: string; product_count: number }) => [c.slug, c.product_count]))
      .toEqual([['cardiology', 2], ['general-surgery', 23], ['dental', 0]]);
  });
});

describe('GET /api/flash-sales/', () => {
  it('lists only running sales, capped by real stock', async () => {
    const res = await t.app.inject('/api/flash-sales/');
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: 'DeBakey Forceps', originalPrice: 65, salePrice: 52, discount: 20, totalStock: 4, soldCount: 1,
      availableStock: 3, isFlashSale: true,
    });
    expect(Date.parse(items[0].saleEndTime)).toBeGreaterThan(Date.now());
  });
});
