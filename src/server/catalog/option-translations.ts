import { sql } from 'drizzle-orm';
import type { ProductOption } from '#contracts/catalog';
import { TRANSLATED_LOCALES, type TranslatedNames } from '#contracts/translated-names';
import type { DbOrTx } from '../db/client.ts';
import type { OptionTranslations } from '../db/schema/catalog.ts';
import { rowsOf } from '../db/rows.ts';

type Translation = NonNullable<OptionTranslations['ur']>;

/** One text in each language that has it: { ur?, ar? }. */
function namesIn(translations: OptionTranslations, pick: (translation: Translation) => string | undefined): TranslatedNames {
  return Object.fromEntries(TRANSLATED_LOCALES.flatMap((locale) => {
    const translation = translations[locale];
    const text = translation && pick(translation);
    return text ? [[locale, text]] : [];
  }));
}

/** An option as buyers get it: its English, with the Urdu and Arabic staff gave for its name and values. */
export function optionForBuyers(option: { name: string; values: string[]; translations: OptionTranslations }): ProductOption {
  return {
    name: option.name,
    values: option.values,
    name_translations: namesIn(option.translations, (translation) => translation.name),
    value_translations: Object.fromEntries(option.values.flatMap((value) => {
      const names = namesIn(option.translations, (translation) => translation.values[value]);
      return Object.keys(names).length ? [[value, names]] : [];
    })),
  };
}

/** '18 cm · Curved' in each language that has a translated value of it: '۱۸ سم · منحني' (an untranslated value stays English). */
export function labelTranslations(values: Record<string, string>, options: ProductOption[]): TranslatedNames {
  return Object.fromEntries(TRANSLATED_LOCALES.flatMap((locale) => {
    const chosen = options.filter((option) => values[option.name] !== undefined);
    if (!chosen.some((option) => option.value_translations[values[option.name]]?.[locale])) return [];
    return [[locale, chosen.map((option) => option.value_translations[values[option.name]]?.[locale] ?? values[option.name]).join(' · ')]];
  }));
}

interface TranslationRow { name: string; locale: string; value: string | null; text: string; uses: number }

/**
 * What the catalogue's option filters show in Urdu and Arabic: for each option name, and each of its values, the
 * translation most products with it were given (products may word it differently; the most common wins).
 */
export async function filterOptionTranslations(db: DbOrTx) {
  const rows = rowsOf<TranslationRow>(await db.execute(sql`
    with given as (
      select po.name, l.key as locale, l.value as translation
      from product_options po
      join products p on p.id = po.product_id and p.is_active
      cross join jsonb_each(po.translations) l
      where po.translations <> '{}'::jsonb)
    select name, locale, null as value, translation ->> 'name' as text, count(*)::int as uses
      from given where translation ->> 'name' <> '' group by 1, 2, 3, 4
    union all
    select g.name, g.locale, v.key, v.value, count(*)::int
      from given g cross join jsonb_each_text(g.translation -> 'values') v group by 1, 2, 3, 4
    order by uses desc, text`));
  const names = new Map<string, TranslatedNames>();
  const values = new Map<string, TranslatedNames>();
  for (const row of rows) {
    const key = row.value === null ? row.name : JSON.stringify([row.name, row.value]);
    const into = row.value === null ? names : values;
    const found = into.get(key) ?? {};
    // Rows come most used first: the first text for each name, value and language is the one shown.
    if (!found[row.locale as keyof TranslatedNames]) into.set(key, { ...found, [row.locale]: row.text });
  }
  return {
    nameOf: (name: string): TranslatedNames => names.get(name) ?? {},
    valueOf: (name: string, value: string): TranslatedNames => values.get(JSON.stringify([name, value])) ?? {},
  };
}
