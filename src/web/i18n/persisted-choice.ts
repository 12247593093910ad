import { createContext, useContext, useSyncExternalStore } from 'react';

/** The choices a page was rendered with on the server, by storage key: that render reads them instead of storage. */
export const RenderedChoicesContext = createContext<Readonly<Record<string, string>>>({});

const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** A cookie beside the stored choice, so that the server renders the next page in it too. */
function writeCookie(name: string, value: string) {
  if (typeof document !== 'undefined') document.cookie = `${name}=${value}; path=/; max-age=${YEAR_IN_SECONDS}; samesite=lax`;
}

export interface PersistedChoice<T extends string> {
  get(): T;
  /** What this visitor chose before, in this browser; undefined when nothing is stored. */
  stored(): T | undefined;
  /** Starts from the value a server-rendered page was rendered with, so that hydration renders the same. */
  adopt(value: T): void;
  /** Applies at once everywhere and survives a reload. */
  set(value: T): void;
  use(): T;
  is(value: unknown): value is T;
}

/**
 * One visitor choice (language, currency) kept in localStorage, and in a cookie for the server, and shared by every
 * component that reads it.
 */
export function createPersistedChoice<T extends string>(
  storageKey: string,
  values: readonly T[],
  fallback: T,
  onChange: (value: T) => void = () => {},
): PersistedChoice<T> {
  const listeners = new Set<() => void>();
  const is = (value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

  const stored = () => {
    try {
      const value = globalThis.localStorage?.getItem(storageKey);
      return is(value) ? value : undefined;
    } catch {
      // Storage blocked: nothing was kept.
      return undefined;
    }
  };
  let current: T = stored() ?? fallback;
  // A choice stored before the cookie existed reaches the server from now on.
  if (stored()) writeCookie(storageKey, current);
  onChange(current);

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = () => current;

  return {
    get,
    is,
    stored,
    adopt(value) {
      current = value;
      onChange(value);
    },
    set(value) {
      if (value === current && stored() === value) return;
      current = value;
      try {
        globalThis.localStorage?.setItem(storageKey, value);
      } catch {
        // Private browsing without storage: the choice still holds for this visit.
      }
      writeCookie(storageKey, value);
      onChange(value);
      for (const listener of listeners) listener();
    },
    use: () => {
      const rendered = useContext(RenderedChoicesContext)[storageKey];
      return useSyncExternalStore(subscribe, get, () => (is(rendered) ? rendered : get()));
    },
  };
}
