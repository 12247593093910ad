import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { TranslatedNames } from '#contracts/translated-names';
import { categories, type CategoryTranslations } from '../db/schema/catalog.ts';
import { CATEGORIES } from '../seed/categories.ts';

const demoTranslations = JSON.stringify(Object.fromEntries(CATEGORIES.map((category) => [category.slug, category.translations])));

/**
 * Gives the demo's categories their Urdu and Arabic name and description in a database seeded before categories had
 * them: only categories with a demo slug and no translations yet, so whatever staff wrote is kept. Safe on every start.
 */
export async function fillDemoCategoryTranslations(db: Db): Promise<void> {
  const demo = sql`${demoTranslations}::jsonb`;
  await db.update(categories)
    .set({ translations: sql`${demo} -> ${categories.slug}` })
    .where(sql`${categories.translations} = '{}'::jsonb and ${demo} -> ${categories.slug} is not null`);
}

/**
 * The category's name in each language it has: { ur?: '…', ar?: '…' }, from its stored `translations`. Every answer
 * that names a product's category builds its `…_translations` with this; null (no category, e.g. an order line whose
 * product is gone) gives {}.
 */
export function categoryNameTranslations(translations: CategoryTranslations | null): TranslatedNames {
  return Object.fromEntries(Object.entries(translations ?? {}).map(([locale, text]) => [locale, text.name]));
}
