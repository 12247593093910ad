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
