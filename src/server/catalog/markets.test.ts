import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1_500, certifications: ['ISO 13485', 'CE', 'DRAP'] },
    { name: 'Pulse Oximeter', category: 'general-surgery', priceCents: 4_500, certifications: ['ISO 13485', 'CE', 'FDA 510(k)'] },
    { name: 'Bone Drill', category: 'general-surgery', priceCents: 90_000, certifications: ['ISO 13485', 'FDA 510(k)', 'DRAP'] },
    { name: 'Retired Drill', category: 'general-surgery', priceCents: 90_000, certifications: ['CE'], isActive: false },
  ]);
});
afterAll(() => t.close());

const names = async (query: string) => (await t.app.inject({ url: `/api/products/?ordering=name&${query}` })).json()
  .results.map((p: { name: string }) => p.name);

describe('certification and market filters', () => {
  it('filters by market through the certifications that admit a product there', async () => {
    expect(await names('market=europe')).toEqual(['Mayo Scissors', 'Pulse Oximeter']);
    expect(await names('market=usa')).toEqual(['Bone Drill', 'Pulse Oximeter']);
    expect(await names('market=pakistan')).toEqual(['Bone Drill', 'Mayo Scissors']);
    expect(await names('market=pakistan&certification=FDA 510(k)')).toEqual(['Bone Drill']);
    expect(await names('certification=ce')).toEqual(['Mayo Scissors', 'Pulse Oximeter']);
    const list = (await t.app.inject({ url: '/api/products/?market=usa&page_size=1' })).json();
    expect(list.next).toContain('market=usa');
  });

  it('refuses an unknown market', async () => {
    const response = await t.app.inject({ url: '/api/products/?market=mars' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ market: ['Choose one of: europe, usa, pakistan.'] });
  });

  it('offers each market with its certifications and count of active products', async () => {
    const { markets, certifications } = (await t.app.inject({ url: '/api/products/filters/' })).json();
    expect(markets).toEqual([
      { value: 'europe', label: 'Europe', certifications: ['CE'], count: 2 },
      { value: 'usa', label: 'USA', certifications: ['FDA 510(k)'], count: 2 },
      { value: 'pakistan', label: 'Pakistan', certifications: ['DRAP'], count: 2 },
    ]);
    expect(certifications.map((c: { value: string; count: number }) => [c.value, c.count]))
      .toEqual([['ISO 13485', 3], ['CE', 2], ['DRAP', 2], ['FDA 510(k)', 2]]);
  });
});
