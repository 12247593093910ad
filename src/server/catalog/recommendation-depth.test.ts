import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertCatalogue, type FixtureProduct } from '../test/catalog-fixtures.ts';

/*
 * Recommendations are read nearest or most preferred first and stock is looked up for the first few only: a page
 * whose first few are sold out must still get the answer the whole category gives.
 */

let t: TestApp;
const names = (items: { name: string }[]) => items.map((p) => p.name);
const gs = (name: string, instrumentType: string, priceCents: number, extra: Partial<FixtureProduct> = {}): FixtureProduct =>
  ({ name, category: 'general-surgery', instrumentType, priceCents, ...extra });
const two = (i: number) => String(i).padStart(2, '0');
/** Sold out: most of the 30 nearest to Mayo Scissors 00, and 35. */
const soldOut = (i: number) => (i <= 30 && i !== 3 && i !== 9) || i === 35;

beforeAll(async () => {
  t = await createTestApp();
  await insertCatalogue(t.database.db, ['general-surgery'], [
    gs('Mayo Scissors 00', 'mayo-scissors', 10_000, { brand: 'Zenith Instruments' }),
    ...Array.from({ length: 40 }, (_, n) => gs(`Mayo Scissors ${two(n + 1)}`, 'mayo-scissors', 10_000 + (n + 1) * 100, {
      stock: soldOut(n + 1) ? 0 : 5,
    })),
    // The four Zenith ones, preferred, are sold out.
    ...[1, 2, 3, 4].map((n) => gs(`Adson Forceps ${n}`, 'adson-tissue-forceps', 1_000 + n, { brand: 'Zenith Instruments', stock: 0 })),
    gs('Adson Forceps 5', 'adson-tissue-forceps', 900),
    ...[1, 2, 3, 4].map((n) => gs(`Crile Hemostat ${n}`, 'crile-hemostat', 1_000, { brand: 'Zenith Instruments', rating: n, stock: 0 })),
    gs('Crile Hemostat 5', 'crile-hemostat', 1_200),
    gs('Kelly Hemostat 1', 'kelly-hemostat', 1_000, { brand: 'Zenith Instruments', rating: 5 }),
    ...[1, 2, 3, 4, 5, 6].map((n) => gs(`Mayo-Hegar Needle Holder ${n}`, 'mayo-hegar-needle-holder', 2_000, {
      brand: n % 2 ? 'Zenith Instruments' : 'Sialkot Surgical', rating: n,
    })),
    ...[1, 2, 3].map((n) => gs(`Deaver Retractor ${n}`, 'deaver-retractor', 4_000, { stock: 0 })),
  ]);
});
afterAll(() => t.close());

const detail = async (slug: string) => {
  const res = await t.app.inject(`/api/products/${slug}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('recommendations deep in a category', () => {
  it('relates the nearest in stock of the same type, however many nearer ones are sold out', async () => {
    expect(names((await detail('mayo-scissors-00')).related_products)).toEqual(
      [3, 9, 31, 32, 33, 34, 36, 37].map((i) => `Mayo Scissors ${two(i)}`),
    );
    expect(names((await detail('mayo-scissors-40')).related_products)).toEqual(
      [39, 38, 37, 36, 34, 33, 32, 31].map((i) => `Mayo Scissors ${two(i)}`),
    );
  });

  it('takes the preferred in-stock product of each type into the kit, past sold-out preferred ones, types in order', async () => {
    // Crile before Kelly: the first type of the hemostat family with one in stock, though Kelly's is better rated.
    expect(names((await detail('mayo-scissors-00')).frequently_bought_together))
      .toEqual(['Adson Forceps 5', 'Mayo-Hegar Needle Holder 5', 'Crile Hemostat 5']);
  });
});
