import { createPersistedChoice, type PersistedChoice } from './persisted-choice.ts';

export const LOCALES = ['en', 'ur', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

const RTL: ReadonlySet<Locale> = new Set(['ur', 'ar']);

/**
 * The shop's own Arabic-script fonts, fetched only when the visitor reads Urdu or Arabic: Nastaliq for Urdu, Naskh
 * for Arabic. Only the Arabic-script subset (Latin text keeps the system font), with font-display: swap so text shows
 * at once in a system font. An English visitor downloads no font file.
 */
const SCRIPT_FONTS: Partial<Record<Locale, () => Promise<unknown>>> = {
  ur: () => import('@fontsource/noto-nastaliq-urdu/arabic.css'),
  ar: () => import('@fontsource/noto-naskh-arabic/arabic.css'),
};

function loadScriptFont(locale: Locale): void {
  SCRIPT_FONTS[locale]?.().catch(() => {
    // Offline or blocked: the system's Arabic-script fonts in the font stack take over.
  });
}

const listeners = new Set<(locale: Locale) => void>();

function applyToDocument(locale: Locale) {
  for (const listener of listeners) listener(locale);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = RTL.has(locale) ? 'rtl' : 'ltr';
  loadScriptFont(locale);
}

const store = createPersistedChoice<Locale>('shop.locale', LOCALES, 'en', applyToDocument);

export const isLocale = store.is;

/** The stored language and the one a server-rendered page was rendered in, reconciled at start-up. */
export const localeChoice: PersistedChoice<Locale> = store;

/** Calls `listener` with every new language, as the choice is made. */
export function onLocaleChange(listener: (locale: Locale) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getLocale(): Locale {
  return store.get();
}

export function isRtl(locale: Locale): boolean {
  return RTL.has(locale);
}

let linkedForVisit: Locale | undefined;

/** Applies at once everywhere (text, <html lang dir>) and survives a reload; a language chosen ends a link's hold. */
export function setLocale(locale: Locale) {
  linkedForVisit = undefined;
  store.set(locale);
}

/**
 * A link that names a language (`?lang=ar`) makes it the visitor's choice and holds it for this visit, over a
 * signed-in buyer's profile language too, which it leaves as it is.
 */
export function followLinkedLocale(locale: Locale) {
  linkedForVisit = locale;
  store.set(locale);
}

/** The language the link that opened this visit named, if it named one. */
export function linkedLocaleOfVisit(): Locale | undefined {
  return linkedForVisit;
}

export function useLocale(): Locale {
  return store.use();
}
