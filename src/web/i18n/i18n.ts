import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Currency } from '#contracts/exchange-rates';
import { formatDate, formatMoney, formatNumber } from './format.ts';
import { getLocale, isLocale, type Locale, onLocaleChange } from './locale-store.ts';

/** Every catalogue, one chunk per language and namespace, fetched the first time a screen asks for it. */
const catalogues = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json');

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No catalogue ${language}/${namespace}`), false);
    load().then(
      (catalogue) => callback(null, catalogue.default),
      (error: Error) => callback(error, false),
    );
  },
};

export const i18n = i18next.createInstance();

/** A calendar day ('2026-03-05') is that day wherever the browser is; a moment is its day where the browser is. */
const dayOrMoment = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);

/**
 * Values in texts as the storefront writes them elsewhere, Arabic-Indic digits in Arabic whatever the browser's
 * default: `{{count, number}}`, `{{date, date}}` (an ISO day or moment) and `{{amount, money}}` (in the text's
 * `currency` value, else US dollars).
 */
export function addFormats(instance: I18n): void {
  const localeOf = (language: string | undefined) => (language && isLocale(language) ? language : 'en');
  instance.services.formatter?.add('number', (value: number, language) => formatNumber(value, localeOf(language)));
  instance.services.formatter?.add('date', (value: string, language) => formatDate(dayOrMoment(value), localeOf(language)));
  instance.services.formatter?.add('money', (value: number, language, options: { currency?: Currency }) =>
    formatMoney(value, options.currency ?? 'USD', localeOf(language)));
}

/**
 * What every page shows around itself, loaded before the first paint so that it never flashes empty, and the field
 * errors of every form (2 kB): loaded when a form's first error shows, they would blank the page and what is typed.
 */
export const SHELL_NAMESPACES = ['layout', 'components', 'preferences', 'errors', 'validation'] as const;

export const I18N_OPTIONS = { fallbackLng: false, interpolation: { escapeValue: false } } as const;

/**
 * Starts the storefront's translations in the visitor's language. Only that language is ever fetched (every
 * catalogue has every key, which `npm run typecheck` checks), so nothing falls back to English. A server-rendered
 * page hands over the catalogues it used (`partial`), and only the others are fetched. Tests pass every catalogue in
 * `resources` and nothing is fetched.
 */
export async function startI18n(resources?: Resource, { partial = false } = {}) {
  if (i18n.isInitialized) return;
  if (!resources || partial) i18n.use(lazyCatalogues);
  await i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: getLocale(),
    ns: partial && resources ? Object.keys(resources[getLocale()] ?? {}) : [],
    resources,
    partialBundledLanguages: partial,
    react: { useSuspense: true },
  });
  addFormats(i18n);
  onLocaleChange((locale: Locale) => void i18n.changeLanguage(locale));
}
