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
    { name: 'Retired Dental Mirror', category: 'dental', priceCents: 900, isActive: false },
  ]);
  await insertFlashSale(t.database.db, products[24].variantId, {
    salePriceCents: 5_200, units: 4, startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + 5 * hour),
  });
  await insertFlashSale(t.database.db, products[0].variantId, {
    salePriceCents: 500, units: 4, startsAt: new Date(Date.now() - 5 * hour), endsAt: new Date(Date.now() - hour),
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
      average_rating: 4.5, review_count: 0, main_image: '/media/test/satinsky-clamp.svg', image_srcset: '',
    });
    // A running flash sale prices the list for everyone, the list price struck out.
    expect(results[0]).toMatchObject({ stock_quantity: 3, is_in_stock: true, price: '52.00', original_price: '65.00' });
  });

  it('filters by search, brand, certification and price range', async () => {
    expect((await list('?search=satinsky')).count).toBe(1);
    expect((await list('?search=100%25')).count).toBe(0);
    // A catalogue number as typed, without its hyphen, or with a space for it.
    for (const typed of ['T-1023', 't1023', 'T%201023']) expect((await list(`?search=${typed}`)).results.map((p: { name: string }) => p.name), typed).toEqual(['Satinsky Clamp']);
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

  it('gives an empty last page past the end, linking back to the last page', async () => {
    const res = await list('?page=9');
    expect(res.results).toEqual([]);
    expect(res.count).toBe(25);
    expect(res).toMatchObject({ next: null, previous: '/api/products/?page=2', page: 9, total_pages: 2 });
  });

  it('links the next and previous pages, keeping the other parameters', async () => {
    const first = await list();
    expect(first).toMatchObject({ next: '/api/products/?page=2', previous: null, page: 1, page_size: 20 });
    const second = await list('?page=2');
    expect(second).toMatchObject({ next: null, previous: '/api/products/?page=1' });
    const middle = await list('?category=general-surgery&ordering=price&page_size=5&page=3');
    expect(middle).toMatchObject({
      count: 23, page_size: 5, total_pages: 5,
      next: '/api/products/?page=4&category=general-surgery&ordering=price&page_size=5',
      previous: '/api/products/?page=2&category=general-surgery&ordering=price&page_size=5',
    });
    expect(middle.results.map((p: { name: string }) => p.name)).toEqual([11, 12, 13, 14, 15].map((n) => `Mayo Scissors ${n}`));
    expect((await list('?search=mayo%20scissors%202&in_stock=true')).next).toBeNull();
  });

  it('takes page_size from 1 to 100', async () => {
    expect((await list('?page_size=100')).results).toHaveLength(25);
    expect((await list('?page_size=1')).total_pages).toBe(25);
    for (const [query, field] of [['page=0', 'page'], ['page=-1', 'page'], ['page=1.5', 'page'], ['page_size=101', 'page_size'], ['page_size=0', 'page_size']]) {
      const res = await t.app.inject(`/api/products/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
    expect((await t.app.inject('/api/products/?page_size=101')).json().errors.page_size).toEqual(['Enter at most 100.']);
  });

  it('filters by stock, net of reservations', async () => {
    expect((await list('?in_stock=true')).count).toBe(24);
    expect((await list('?in_stock=false')).results.map((p: { name: string }) => p.name)).toEqual(['Satinsky Clamp']);
    expect((await list('?in_stock=false&category=general-surgery')).count).toBe(0);
    const bad = await t.app.inject('/api/products/?in_stock=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ in_stock: ['Enter true or false.'] });
  });

  it('filters by category, leaving out inactive products and unknown categories', async () => {
    expect((await list('?category=cardiology')).count).toBe(2);
    expect((await list('?category=dental')).count).toBe(0);
    expect((await list('?category=no-such-category')).count).toBe(0);
    expect((await list('?search=general%20surgery')).count).toBe(23);
    expect((await list('?search=retired')).count).toBe(0);
  });

  it('sorts by name and by newest first', async () => {
    expect((await list('?ordering=name')).results[0].name).toBe('DeBakey Forceps');
    expect((await list('?ordering=-created_at&page_size=2')).results.map((p: { name: string }) => p.name))
      .toEqual(['DeBakey Forceps', 'Satinsky Clamp']);
  });

  it('is cacheable: max-age 60 and a 304 for a matching If-None-Match', async () => {
    const res = await t.app.inject('/api/products/?category=cardiology');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await t.app.inject({ url: '/api/products/?category=cardiology', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ url: '/api/products/?category=dental', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });
});

describe('GET /api/products/{slug}/', () => {
  it('answers an unknown or inactive slug with 404 JSON', async () => {
    for (const slug of ['no-such-product', 'retired-dental-mirror']) {
      const res = await t.app.inject(`/api/products/${slug}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Product not found.' });
    }
    expect((await t.app.inject('/api/products/no-such-product/stock/')).statusCode).toBe(404);
  });
});

describe('categories', () => {
  it('lists categories with true product counts at both paths', async () => {
    const res = await t.app.inject('/api/products/categories/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().map((c: { slug: string; product_count: number }) => [c.slug, c.product_count]))
      .toEqual([['cardiology', 2], ['general-surgery', 23], ['dental', 0]]);
    expect((await t.app.inject('/api/categories/')).json()).toEqual(res.json());
  });

  it('gives one category by slug or id', async () => {
    const bySlug = await t.app.inject('/api/categories/general-surgery/');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({ slug: 'general-surgery', name: 'general surgery', product_count: 23 });
    const byId = await t.app.inject(`/api/products/categories/${bySlug.json().id}/`);
    expect(byId.json()).toEqual(bySlug.json());
  });

  it('answers an unknown category with 404 and a bad id with 400', async () => {
    for (const url of ['/api/categories/no-such-category/', '/api/products/categories/99999/']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Category not found.' });
    }
    const bad = await t.app.inject('/api/products/categories/abc/');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
  });
});

describe('GET /api/flash-sales/', () => {
  it('lists only running sales, what is left capped by real stock, nothing sold without orders', async () => {
    const res = await t.app.inject('/api/flash-sales/');
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: 'DeBakey Forceps', originalPrice: 65, salePrice: 52, discount: 20, totalStock: 3, soldCount: 0,
      availableStock: 3, isFlashSale: true,
    });
    expect(Date.parse(items[0].saleEndTime)).toBeGreaterThan(Date.now());
  });
});
