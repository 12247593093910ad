import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories } from '../db/schema/catalog.ts';
import { CATEGORIES } from '../seed/categories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { fillDemoCategoryTranslations } from './category-translations.ts';

let t: TestApp;
const cardiology = CATEGORIES.find((c) => c.slug === 'cardiology')!.translations;
const staffWritten = { ur: { name: 'دانتوں کا علاج', description: 'عملے کا لکھا ہوا۔' } };

beforeAll(async () => {
  t = await createTestApp();
  // A database seeded before categories had translations: every category starts with none.
  await insertCatalogue(t.database.db, ['cardiology', 'dental', 'staff-made'], [
    { name: 'Satinsky Clamp', category: 'cardiology', priceCents: 18_950 },
  ]);
  await t.database.db.update(categories).set({ translations: staffWritten }).where(eq(categories.slug, 'dental'));
  await fillDemoCategoryTranslations(t.database.db);
  await fillDemoCategoryTranslations(t.database.db);
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('category translations', () => {
  it('every demo category has a real Urdu and Arabic name and description', () => {
    for (const category of CATEGORIES) {
      for (const locale of ['ur', 'ar'] as const) {
        const text = category.translations[locale]!;
        expect(text.name, category.slug).toMatch(/\p{Script=Arabic}/u);
        expect(text.description, category.slug).toMatch(/\p{Script=Arabic}/u);
      }
    }
    expect(new Set(CATEGORIES.map((c) => c.translations.ur!.name)).size).toBe(CATEGORIES.length);
  });

  it('fills the demo slugs left empty by an older seed, keeps what staff wrote, leaves other categories alone', async () => {
    const list = await get('/api/categories/');
    expect(Object.fromEntries(list.map((c: { slug: string; translations: unknown }) => [c.slug, c.translations]))).toEqual({
      cardiology, dental: staffWritten, 'staff-made': {},
    });
  });

  it('answers the translations beside the English name on the list and on one category, by slug and by id', async () => {
    const bySlug = await get('/api/categories/cardiology/');
    expect(bySlug).toMatchObject({ name: 'cardiology', translations: cardiology });
    expect(await get(`/api/products/categories/${bySlug.id}/`)).toEqual(bySlug);
    expect((await get('/api/products/categories/')).find((c: { slug: string }) => c.slug === 'cardiology').translations)
      .toEqual(cardiology);
  });

  it('answers the category name in Urdu and Arabic in the filters, the product list and the product page', async () => {
    const names = { ur: cardiology.ur!.name, ar: cardiology.ar!.name };
    const filters = await get('/api/products/filters/');
    expect(filters.categories[0]).toMatchObject({ value: 'cardiology', label: 'cardiology', label_translations: names });
    expect(filters.categories[2]).toMatchObject({ value: 'staff-made', label_translations: {} });
    const { results } = await get('/api/products/?category=cardiology');
    expect(results[0]).toMatchObject({ category_name: 'cardiology', category_name_translations: names });
    expect(await get('/api/products/satinsky-clamp/')).toMatchObject({ category_name: 'cardiology', category_name_translations: names });
  });
});
