import { asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, type ProductFilters, type ProductListItem } from '#contracts/catalog';
import { products } from '../db/schema/catalog.ts';
import { organisationPrices } from '../db/schema/organisations.ts';
import { seedDemoCatalogue } from '../seed/demo-catalogue.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Every ordering and filter of the product list, paged small and deep, against the whole filtered list in the
 * order each ordering promises (ties by id); the catalogue is given many ties on purpose.
 */

const SMALL_PAGE = 7;
let t: TestApp;
let filters: ProductFilters;
let buyerHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  await seedDemoCatalogue(db, { variantCount: 400, now: new Date() });
  // Few distinct values of every ordering key, and some products out of stock.
  await db.execute(sql`update product_variants set price_cents = 1000 + (product_id % 4) * 500`);
  await db.execute(sql`update products set created_at = timestamptz '2026-01-01' + (id % 5) * interval '1 day',
    average_rating = id % 3, review_count = id % 2`);
  await db.execute(sql`update inventory_items set current_stock = reserved_stock
    where variant_id in (select id from product_variants where product_id % 3 = 0)`);
  filters = (await t.app.inject('/api/products/filters/')).json();
  const hospital = await createBusinessBuyer(db, { email: 'buyer@pages.example', status: 'verified' });
  const organisationId = hospital.organisation!.id;
  const [first] = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1);
  await db.insert(organisationPrices).values([
    { organisationId, kind: 'percent', value: 1_000 },
    { organisationId, productId: first.id, kind: 'fixed', value: 1_200 },
  ]);
  buyerHeaders = hospital.headers;
}, 120_000);
afterAll(() => t.close());

type Ordering = 'name' | '-created_at' | '-average_rating' | 'price' | '-price';
const ORDERINGS: Ordering[] = ['name', '-created_at', '-average_rating', 'price', '-price'];

async function page(query: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/products/?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: ProductListItem[]; count: number; total_pages: number }>();
}

/** Every row the list holds for `query`, page after page. */
async function everyRow(query: string, headers: Record<string, string> = {}): Promise<ProductListItem[]> {
  const first = await page(`${query}&page_size=${MAX_PAGE_SIZE}`, headers);
  const rows = [...first.results];
  for (let n = 2; n <= first.total_pages; n++) rows.push(...(await page(`${query}&page_size=${MAX_PAGE_SIZE}&page=${n}`, headers)).results);
  expect(rows).toHaveLength(first.count);
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  return rows;
}

const BY_COLUMNS: Record<Exclude<Ordering, 'price' | '-price'>, SQL[]> = {
  name: [asc(products.name), asc(products.id)],
  '-created_at': [desc(products.createdAt), desc(products.id)],
  '-average_rating': [desc(products.averageRating), desc(products.reviewCount), desc(products.id)],
};

/** The ids in the order `ordering` promises: by the database's collation for names, by the price each card shows. */
async function expectedOrder(rows: ProductListItem[], ordering: Ordering): Promise<number[]> {
  if (ordering === 'price' || ordering === '-price') {
    const sign = ordering === 'price' ? 1 : -1;
    return [...rows].sort((a, b) => sign * (Number(a.price) - Number(b.price) || a.id - b.id)).map((row) => row.id);
  }
  if (rows.length === 0) return [];
  const ordered = await t.database.db.select({ id: products.id }).from(products)
    .where(inArray(products.id, rows.map((row) => row.id))).orderBy(...BY_COLUMNS[ordering]);
  return ordered.map((row) => row.id);
}

async function checkPages(filter: string, ordering: Ordering, headers: Record<string, string> = {}) {
  const query = `${filter}&ordering=${ordering}`;
  const rows = await everyRow(query, headers);
  const ids = rows.map((row) => row.id);
  expect(ids).toEqual(await expectedOrder(rows, ordering));
  const pages = Math.ceil(ids.length / SMALL_PAGE);
  for (const n of new Set([1, 2, Math.ceil(pages / 2), pages - 1, pages].filter((n) => n >= 1))) {
    const small = await page(`${query}&page_size=${SMALL_PAGE}&page=${n}`, headers);
    expect(small.count).toBe(ids.length);
    expect(small.results.map((row) => row.id)).toEqual(ids.slice((n - 1) * SMALL_PAGE, n * SMALL_PAGE));
    // A card is the same whichever page shows it.
    expect(small.results).toEqual(rows.slice((n - 1) * SMALL_PAGE, n * SMALL_PAGE));
  }
  return rows;
}

describe('the product list, page by page', () => {
  it('holds the whole catalogue in every ordering, with ties', async () => {
    for (const ordering of ORDERINGS) {
      const rows = await checkPages('', ordering);
      expect(rows.length).toBeGreaterThan(6 * SMALL_PAGE);
    }
    const rows = await everyRow('ordering=name');
    expect(new Set(rows.map((row) => row.price)).size).toBeLessThan(rows.length / 4);
    expect(rows.some((row) => !row.is_in_stock) && rows.some((row) => row.is_in_stock)).toBe(true);
  });

  it('keeps the order under every filter', async () => {
    const category = filters.categories.find((option) => option.count > SMALL_PAGE)!;
    const brand = [...filters.brands].sort((a, b) => b.count - a.count)[0];
    const certification = filters.certifications.find((option) => option.count > SMALL_PAGE)!;
    const market = filters.markets.find((option) => option.count > SMALL_PAGE)!;
    const handling = filters.handling.find((option) => option.count > 0)!;
    const option = filters.options[0];
    const words = category.label.split(' ')[0];
    const cases = [
      `category=${category.value}`,
      `brand=${encodeURIComponent(brand.value)}`,
      `certification=${encodeURIComponent(certification.value)}`,
      `market=${market.value}`,
      `handling=${handling.value}`,
      `options=${encodeURIComponent(`${option.name}:${option.values[0].value}`)}`,
      'min_price=15&max_price=20',
      'in_stock=true',
      'in_stock=false',
      `search=${encodeURIComponent(words)}`,
      `category=${category.value}&in_stock=true&min_price=10`,
    ];
    for (const filter of cases) {
      for (const ordering of ORDERINGS) {
        const rows = await checkPages(filter, ordering);
        expect(rows.length, filter).toBeGreaterThan(0);
      }
    }
  }, 120_000);

  it("orders by an organisation buyer's own prices on every page", async () => {
    for (const ordering of ['price', '-price'] as const) {
      await checkPages('', ordering, buyerHeaders);
      await checkPages('in_stock=true', ordering, buyerHeaders);
    }
  });
});
