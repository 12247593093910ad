import { useSyncExternalStore } from 'react';

export const LOCALES = ['en', 'ur', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

const STORAGE_KEY = 'shop.locale';
const RTL: ReadonlySet<Locale> = new Set(['ur', 'ar']);
const listeners = new Set<() => void>();

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function readStored(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

let current: Locale = readStored();
applyToDocument(current);

function applyToDocument(locale: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = RTL.has(locale) ? 'rtl' : 'ltr';
}

export function getLocale(): Locale {
  return current;
}

export function isRtl(locale: Locale): boolean {
  return RTL.has(locale);
}

/** Applies at once everywhere and survives a reload. */
export function setLocale(locale: Locale) {
  if (locale === current) return;
  current = locale;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Private browsing without storage: the choice still holds for this visit.
  }
  applyToDocument(locale);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, () => 'en');
}
