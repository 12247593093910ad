import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';

let t: TestApp;
let metzenbaum: Awaited<ReturnType<typeof insertCatalogue>>['products'][number];

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    {
      name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 2_400,
      options: [{ name: 'Length', values: ['14 cm', '18 cm', '23 cm'] }, { name: 'Tip', values: ['Straight', 'Curved'] }],
      variants: [
        { options: { Length: '14 cm', Tip: 'Straight' }, modelNumber: 'MZ-14S', priceCents: 2_400, stock: 0 },
        { options: { Length: '14 cm', Tip: 'Curved' }, modelNumber: 'MZ-14C', priceCents: 2_600, stock: 4, gtin: '08961230000100' },
        { options: { Length: '18 cm', Tip: 'Curved' }, modelNumber: 'MZ-18C', priceCents: 3_100, stock: 7, reserved: 2 },
        { options: { Length: '23 cm', Tip: 'Curved' }, modelNumber: 'MZ-23C', priceCents: 9_900, stock: 3, isActive: false },
      ],
    },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1_500, stock: 6 },
  ]);
  metzenbaum = products[0]!;
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('a product sold in several variants', () => {
  it('shows on a card from its lowest active price, with its price range, number of sizes and summed stock', async () => {
    const { results } = await get('/api/products/?ordering=name');
    expect(results.map((item: { name: string }) => item.name)).toEqual(['Mayo Scissors', 'Metzenbaum Scissors']);
    expect(results[1]).toMatchObject({ price: '24.00', price_max: '31.00', variant_count: 3, stock_quantity: 9, is_in_stock: true, model_number: 'MZ-14S' });
    expect(results[0]).toMatchObject({ price: '15.00', price_max: '15.00', variant_count: 1 });
  });

  it('gives its options and active variants on the product page, each with its own number, price and stock', async () => {
    const detail = await get(`/api/products/${metzenbaum.slug}/`);
    // No translations given: buyers in Urdu and Arabic read the English.
    expect(detail.options).toEqual([
      { name: 'Length', values: ['14 cm', '18 cm', '23 cm'], name_translations: {}, value_translations: {} },
      { name: 'Tip', values: ['Straight', 'Curved'], name_translations: {}, value_translations: {} },
    ]);
    expect(detail.variants.map((v: Record<string, unknown>) => [v.model_number, v.label, v.price, v.available_stock, v.is_in_stock, v.gtin])).toEqual([
      ['MZ-14S', '14 cm · Straight', '24.00', 0, false, null],
      ['MZ-14C', '14 cm · Curved', '26.00', 4, true, '08961230000100'],
      ['MZ-18C', '18 cm · Curved', '31.00', 5, true, null],
    ]);
  });

  it('sums live stock over its active variants and gives each one its own figures', async () => {
    const stock = await get(`/api/products/${metzenbaum.slug}/stock/`);
    expect(stock).toMatchObject({ currentStock: 11, reservedStock: 2, availableStock: 9 });
    expect(stock.variants.map((v: { availableStock: number }) => v.availableStock)).toEqual([0, 4, 5]);
  });

  it('is found by an option value, and several values of one option match either', async () => {
    const byTip = await get(`/api/products/?options=${encodeURIComponent('Tip:Straight')}`);
    expect(byTip.results.map((item: { name: string }) => item.name)).toEqual(['Metzenbaum Scissors']);
    const both = await get(`/api/products/?options=${encodeURIComponent('Length:18 cm;Tip:Straight')}`);
    expect(both.count).toBe(0);
    const either = await get(`/api/products/?options=${encodeURIComponent('Length:18 cm;Length:9 cm')}`);
    expect(either.count).toBe(1);
    // An inactive variant's value finds nothing.
    expect((await get(`/api/products/?options=${encodeURIComponent('Length:23 cm')}`)).count).toBe(0);
  });

  it('refuses an option filter that is not Name:Value', async () => {
    const res = await t.app.inject('/api/products/?options=Length');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.options).toBeDefined();
  });

  it('lists its options among the catalogue filters, with values in natural order', async () => {
    const filters = await get('/api/products/filters/');
    expect(filters.options).toEqual([
      { name: 'Length', name_translations: {}, values: [
        { value: '14 cm', label: '14 cm', count: 1, label_translations: {} }, { value: '18 cm', label: '18 cm', count: 1, label_translations: {} },
      ] },
      { name: 'Tip', name_translations: {}, values: [
        { value: 'Curved', label: 'Curved', count: 1, label_translations: {} }, { value: 'Straight', label: 'Straight', count: 1, label_translations: {} },
      ] },
    ]);
  });

  it('is found once by a catalogue-number search, naming the variant searched for', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search/', payload: { query: 'mz-18c' } });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ id: metzenbaum.id, modelNumber: 'MZ-18C', variantId: metzenbaum.variants[2]!.id, matchType: 'exact' });
    expect(results[0].highlights).toContain('<mark>MZ-18C</mark> · 18 cm · Curved');
  });

  it('names the variant a pattern search asks for in its highlights', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search/', payload: { query: 'metzenbaum 18 cm curved' } });
    const result = res.json().results.find((item: { id: number }) => item.id === metzenbaum.id);
    expect(result.highlights).toContain('MZ-18C · <mark>18</mark> <mark>cm</mark> · <mark>Curved</mark>');
    expect(res.json().results.filter((item: { id: number }) => item.id === metzenbaum.id)).toHaveLength(1);
  });

  it('prices a variant on sale at its sale price on the page, and the card from the cheapest price anyone pays now', async () => {
    const hour = 3_600_000;
    const sale = await insertFlashSale(t.database.db, metzenbaum.variants[2]!.id, {
      salePriceCents: 1_900, units: null, startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + hour),
    });
    try {
      const detail = await get(`/api/products/${metzenbaum.slug}/`);
      expect(detail.variants.map((v: { price: string; original_price: string | null }) => [v.price, v.original_price]))
        .toEqual([['24.00', null], ['26.00', null], ['19.00', '31.00']]);
      expect(detail.flash_sale).toMatchObject({ variantId: metzenbaum.variants[2]!.id, variantLabel: '18 cm · Curved', salePrice: 19 });
      const { results } = await get('/api/products/?ordering=name');
      expect(results[1]).toMatchObject({ price: '19.00', original_price: '31.00' });
    } finally {
      await t.database.db.execute(sql`delete from flash_sales where id = ${sale.id}`);
    }
  });
});
