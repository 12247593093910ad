import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertCatalogue(t.database.db, ['cardiology', 'general-surgery', 'dental'], [
    { name: 'Cheap Scissors', category: 'general-surgery', priceCents: 9_999, brand: 'Zenith Instruments', certifications: ['ISO 13485'] },
    { name: 'Needle Holder', category: 'general-surgery', priceCents: 10_000, certifications: ['ISO 13485', 'CE'] },
    { name: 'Rib Spreader', category: 'cardiology', priceCents: 49_999, brand: 'Zenith Instruments', certifications: ['CE'] },
    { name: 'Sternal Saw', category: 'cardiology', priceCents: 250_000 },
    { name: 'Monitor', category: 'cardiology', priceCents: 120_000 },
    { name: 'Old Autoclave', category: 'dental', priceCents: 300_000, isActive: false, certifications: ['CE'] },
  ]);
});
afterAll(() => t.close());

describe('GET /api/products/filters/', () => {
  it('lists every filter option with the number of active products it matches', async () => {
    const res = await t.app.inject('/api/products/filters/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const filters = res.json();
    expect(filters.categories).toEqual([
      { value: 'cardiology', label: 'cardiology', label_translations: {}, count: 3 },
      { value: 'general-surgery', label: 'general surgery', label_translations: {}, count: 2 },
      { value: 'dental', label: 'dental', label_translations: {}, count: 0 },
    ]);
    expect(filters.brands).toEqual([
      { value: 'Sialkot Surgical', label: 'Sialkot Surgical', count: 3 },
      { value: 'Zenith Instruments', label: 'Zenith Instruments', count: 2 },
    ]);
    expect(filters.certifications).toEqual([
      { value: 'ISO 13485', label: 'ISO 13485', count: 2 },
      { value: 'CE', label: 'CE', count: 2 },
    ]);
    expect(filters.price_ranges).toEqual([
      { value: 'under-100', label: 'Under $100', min_price: null, max_price: 99.99, count: 1 },
      { value: '100-500', label: '$100 - $500', min_price: 100, max_price: 499.99, count: 2 },
      { value: '500-1000', label: '$500 - $1,000', min_price: 500, max_price: 999.99, count: 0 },
      { value: '1000-2500', label: '$1,000 - $2,500', min_price: 1000, max_price: 2499.99, count: 1 },
      { value: 'over-2500', label: 'Over $2,500', min_price: 2500, max_price: null, count: 1 },
    ]);
  });

  it('gives counts that match the list filtered by the same option', async () => {
    const filters = (await t.app.inject('/api/products/filters/')).json();
    for (const range of filters.price_ranges) {
      const query = new URLSearchParams();
      if (range.min_price !== null) query.set('min_price', String(range.min_price));
      if (range.max_price !== null) query.set('max_price', String(range.max_price));
      expect((await t.app.inject(`/api/products/?${query}`)).json().count, range.value).toBe(range.count);
    }
    for (const brand of filters.brands) {
      expect((await t.app.inject(`/api/products/?brand=${encodeURIComponent(brand.value)}`)).json().count).toBe(brand.count);
    }
    for (const certification of filters.certifications) {
      expect((await t.app.inject(`/api/products/?certification=${encodeURIComponent(certification.value)}`)).json().count)
        .toBe(certification.count);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const res = await t.app.inject('/api/products/filters/');
    const again = await t.app.inject({ url: '/api/products/filters/', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});
