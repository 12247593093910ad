import type { Category } from '#contracts/catalog';
import type { TranslatedNames } from '#contracts/translated-names';
import { useLocale, type Locale } from './locale-store.ts';

/** A catalogue text in the visitor's language, from the API's { ur?, ar? }, or the English where it has none. */
export function translated(english: string, translations: TranslatedNames, locale: Locale): string {
  return (locale !== 'en' && translations[locale]) || english;
}

/** `(english, translations) => text` in the visitor's language. */
export function useTranslated(): (english: string, translations: TranslatedNames) => string {
  const locale = useLocale();
  return (english, translations) => translated(english, translations, locale);
}

type CategoryTexts = Pick<Category, 'name' | 'description' | 'translations'>;

/** A category's name and description in the visitor's language, each falling back to the English. */
export function useCategoryText(): (category: CategoryTexts) => { name: string; description: string } {
  const locale = useLocale();
  return (category) => {
    const own = locale === 'en' ? undefined : category.translations[locale];
    return { name: own?.name ?? category.name, description: own?.description ?? category.description };
  };
}
