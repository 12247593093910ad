import i18next, { type i18n as I18n } from 'i18next';
import { addFormats, I18N_OPTIONS } from '../i18n/i18n.ts';
import { LOCALES, type Locale } from '../i18n/locale-store.ts';

const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

function cataloguesOf(locale: Locale): Record<string, Record<string, unknown>> {
  const prefix = `../locales/${locale}/`;
  return Object.fromEntries(
    Object.entries(catalogues)
      .filter(([file]) => file.startsWith(prefix))
      .map(([file, catalogue]) => [file.slice(prefix.length, -'.json'.length), catalogue]),
  );
}

/** One instance per language, every catalogue loaded: nothing a server render reads is ever fetched. */
const byLocale = new Map<Locale, I18n>(LOCALES.map((locale) => {
  const instance = i18next.createInstance();
  void instance.init({ ...I18N_OPTIONS, lng: locale, resources: { [locale]: cataloguesOf(locale) }, initAsync: false });
  addFormats(instance);
  return [locale, instance];
}));

export interface PageTexts {
  i18n: I18n;
  /** The catalogues the render asked for, to hand to the browser. */
  used(): Record<string, Record<string, unknown>>;
}

/** The translations of one render, noting which namespaces its components read. */
export function textsForRender(locale: Locale, always: readonly string[]): PageTexts {
  const i18n = byLocale.get(locale)!.cloneInstance({ initAsync: false });
  const namespaces = new Set<string>(always);
  // react-i18next reports every namespace a component asks for here.
  Object.assign(i18n, {
    reportNamespaces: {
      addUsedNamespaces: (names: readonly string[]) => names.forEach((name) => namespaces.add(name)),
      getUsedNamespaces: () => [...namespaces],
    },
  });
  return {
    i18n,
    used: () => Object.fromEntries([...namespaces].map((name) => [name, i18n.getResourceBundle(locale, name) as Record<string, unknown>])),
  };
}
