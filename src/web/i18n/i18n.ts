import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatNumber } from './format.ts';
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

/**
 * Starts the storefront's translations in the visitor's language. Only that language is ever fetched (every
 * catalogue has every key, which `npm run typecheck` checks), so nothing falls back to English. Tests pass every
 * catalogue in `resources` and nothing is fetched.
 */
export async function startI18n(resources?: Resource) {
  if (i18n.isInitialized) return;
  if (!resources) i18n.use(lazyCatalogues);
  await i18n.use(initReactI18next).init({
    lng: getLocale(),
    fallbackLng: false,
    ns: [],
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  // `{{count, number}}` writes numbers as prices and dates do: Arabic-Indic digits in Arabic, whatever the browser's default.
  i18n.services.formatter?.add('number', (value: number, language) => formatNumber(value, isLocale(language) ? language : 'en'));
  onLocaleChange((locale: Locale) => void i18n.changeLanguage(locale));
}
