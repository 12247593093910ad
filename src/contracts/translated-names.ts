import { z } from 'zod';

/**
 * Urdu and Arabic for catalogue texts, stored with the category. The spec's fields (`name`, `description`,
 * `category_name`, `category`, a filter option's `label`) always hold the English; the storefront shows the visitor's
 * language from the `…_translations` beside them, and the English where a language is missing.
 */
export const TRANSLATED_LOCALES = ['ur', 'ar'] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];
export const translatedText = z.string().trim().min(1).max(2_000);
/** One text in each language: { ur?: '…', ar?: '…' }. */
export const translatedNames = z.object({ ur: translatedText.optional(), ar: translatedText.optional() });
export type TranslatedNames = z.infer<typeof translatedNames>;

/**
 * An option's name and values in one language, each value by its English: { name: 'لمبائی', values: { '14 cm': '…' } }.
 * A name or value without a translation is left out (name ''): buyers see its English.
 */
export const optionTranslation = z.object({ name: z.string(), values: z.record(z.string(), z.string()) });
export const optionTranslations = z.object({ ur: optionTranslation.optional(), ar: optionTranslation.optional() });
export type OptionTranslations = z.infer<typeof optionTranslations>;

type GivenTranslations = Partial<Record<TranslatedLocale, { name?: string; values?: Record<string, string> }>>;

/** Only what has text: trimmed, values of the option alone (in its order), a language with nothing left out. */
export function tidyOptionTranslations(values: readonly string[], translations: GivenTranslations): OptionTranslations {
  const tidy: OptionTranslations = {};
  for (const locale of TRANSLATED_LOCALES) {
    const given = translations[locale];
    const name = given?.name?.trim() ?? '';
    const named = values.flatMap((value) => {
      const text = given?.values?.[value]?.trim();
      return text ? [[value, text] as const] : [];
    });
    if (name || named.length) tidy[locale] = { name, values: Object.fromEntries(named) };
  }
  return tidy;
}
