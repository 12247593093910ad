import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListItem } from '#contracts/catalog';
import { flashSales } from '../db/schema/catalog.ts';
import { organisationPrices } from '../db/schema/organisations.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const HOUR = 3_600_000;
let t: TestApp;
let bravoSale: number;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery', 'dental'], [
    { name: 'Alpha Forceps', category: 'general-surgery', priceCents: 5_000 },
    { name: 'Bravo Forceps', category: 'general-surgery', priceCents: 6_000 },
    { name: 'Charlie Forceps', category: 'general-surgery', priceCents: 4_500 },
    { name: 'Delta Forceps', category: 'general-surgery', priceCents: 7_000 },
    { name: 'Echo Forceps', category: 'general-surgery', priceCents: 4_200 },
    {
      name: 'Foxtrot Forceps', category: 'general-surgery', priceCents: 8_000,
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }],
      variants: [{ options: { Length: '14 cm' }, priceCents: 8_000 }, { options: { Length: '18 cm' }, priceCents: 9_000 }],
    },
    { name: 'Dental Mirror', category: 'dental', priceCents: 100 },
  ]);
  ids = Object.fromEntries(products.map((product) => [product.slug.split('-')[0], product.id]));
  const running = { startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now() + HOUR) };
  const [, bravo, , delta, echo, foxtrot] = products;
  bravoSale = (await insertFlashSale(db, bravo.variantId, { salePriceCents: 4_000, units: 5, ...running })).id;
  // Its allocation is gone: the card shows the list price.
  await insertFlashSale(db, delta.variantId, { salePriceCents: 3_000, units: 2, claimedUnits: 2, ...running });
  // Not started yet.
  await insertFlashSale(db, echo.variantId, { salePriceCents: 2_000, startsAt: new Date(Date.now() + HOUR), endsAt: new Date(Date.now() + 2 * HOUR) });
  // On the dearer size: the card shows "from 41.00".
  await insertFlashSale(db, foxtrot.variants[1].id, { salePriceCents: 4_100, ...running });
});
afterAll(() => t.close());

const listed = async (ordering: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/?category=general-surgery&ordering=${ordering}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: ProductListItem[] }>().results.map((item) => [item.slug.split('-')[0], item.price]);
};

describe('ordering by price', () => {
  it('follows the price each card shows a visitor: a running sale with units left, on any size', async () => {
    expect(await listed('price')).toEqual([
      ['bravo', '40.00'], ['foxtrot', '41.00'], ['echo', '42.00'], ['charlie', '45.00'], ['alpha', '50.00'], ['delta', '70.00'],
    ]);
    expect(await listed('-price')).toEqual([
      ['delta', '70.00'], ['alpha', '50.00'], ['charlie', '45.00'], ['echo', '42.00'], ['foxtrot', '41.00'], ['bravo', '40.00'],
    ]);
  });

  it('changes as soon as a sale runs out, though visitors get a kept answer', async () => {
    const { db } = t.database;
    await db.update(flashSales).set({ claimedUnits: 5 }).where(eq(flashSales.id, bravoSale));
    expect((await listed('price')).map(([slug]) => slug)).toEqual(['foxtrot', 'echo', 'charlie', 'alpha', 'bravo', 'delta']);
    await db.update(flashSales).set({ claimedUnits: 0 }).where(eq(flashSales.id, bravoSale));
    expect((await listed('price')).map(([slug]) => slug)).toEqual(['bravo', 'foxtrot', 'echo', 'charlie', 'alpha', 'delta']);
  });

  it("follows an organisation's prices for its buyers, and the sale where that is lower", async () => {
    const { db } = t.database;
    const hospital = await createBusinessBuyer(db, { email: 'buyer@ordering.example', status: 'verified' });
    const organisationId = hospital.organisation!.id;
    await db.insert(organisationPrices).values([
      { organisationId, kind: 'percent', value: 1_000 },
      { organisationId, productId: ids.charlie, kind: 'fixed', value: 3_500 },
      { organisationId, variantId: (await listedVariant('foxtrot')), kind: 'fixed', value: 6_000 },
    ]);
    // 10% off everything; Charlie at a fixed 35.00; the 14 cm Foxtrot at 60.00, its 18 cm still cheaper on sale.
    expect(await listed('price', hospital.headers)).toEqual([
      ['charlie', '35.00'], ['echo', '37.80'], ['bravo', '40.00'], ['foxtrot', '41.00'], ['alpha', '45.00'], ['delta', '63.00'],
    ]);
    expect((await listed('-price', hospital.headers)).map(([slug]) => slug)).toEqual(['delta', 'alpha', 'foxtrot', 'bravo', 'echo', 'charlie']);
    // A visitor still sees the shared order.
    expect((await listed('price')).map(([slug]) => slug)).toEqual(['bravo', 'foxtrot', 'echo', 'charlie', 'alpha', 'delta']);
  });
});

async function listedVariant(slug: string): Promise<number> {
  const detail = (await t.app.inject(`/api/products/${slug}-forceps/`)).json<{ variants: { id: number }[] }>();
  return detail.variants[0].id;
}
