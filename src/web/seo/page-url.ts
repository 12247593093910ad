import type { Locale } from '../i18n/locale-store.ts';

/** The URL parameter that carries a page's language: none for English, `lang=ur` or `lang=ar` for the others. */
export const LANG_PARAM = 'lang';

export type QueryPairs = ReadonlyArray<readonly [string, string | number | undefined]>;

/**
 * A page's absolute address in one language, its parameters in the order given (each page lists them in a fixed
 * order, so one page has one canonical URL whatever order a visitor's link used), empty ones left out, the language last.
 */
export function pageUrl(origin: string, pathname: string, query: QueryPairs, locale: Locale): string {
  const search = new URLSearchParams();
  for (const [name, value] of query) if (value !== undefined && value !== '') search.append(name, String(value));
  if (locale !== 'en') search.append(LANG_PARAM, locale);
  const text = search.toString();
  return `${origin}${pathname}${text ? `?${text}` : ''}`;
}

/** The language a link asks for, when it names one. */
export function localeOfSearch(search: string, isLocale: (value: unknown) => value is Locale): Locale | undefined {
  const value = new URLSearchParams(search).get(LANG_PARAM);
  return isLocale(value) ? value : undefined;
}
