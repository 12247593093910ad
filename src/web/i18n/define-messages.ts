import { type Locale, useLocale } from './locale-store.ts';

/** A message is text, or a function of its values for text with numbers or names in it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Message = string | ((...args: any[]) => string);
type Messages = Record<string, Message>;

/**
 * One feature's storefront text in every language. English defines the keys; Urdu and Arabic must give each one,
 * with the same shape, or the build fails.
 */
export function defineMessages<T extends Messages>(messages: { en: T } & Record<Exclude<Locale, 'en'>, { [K in keyof T]: T[K] }>) {
  return messages as Record<Locale, T>;
}

/** The feature's text in the current language; re-renders when the language changes. */
export function useMessages<T extends Messages>(messages: Record<Locale, T>): T {
  return messages[useLocale()];
}
