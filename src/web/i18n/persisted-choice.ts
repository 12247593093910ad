import { useSyncExternalStore } from 'react';

export interface PersistedChoice<T extends string> {
  get(): T;
  /** Applies at once everywhere and survives a reload. */
  set(value: T): void;
  use(): T;
  is(value: unknown): value is T;
}

/** One visitor choice (language, currency) kept in localStorage and shared by every component that reads it. */
export function createPersistedChoice<T extends string>(
  storageKey: string,
  values: readonly T[],
  fallback: T,
  onChange: (value: T) => void = () => {},
): PersistedChoice<T> {
  const listeners = new Set<() => void>();
  const is = (value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

  let current: T = fallback;
  try {
    const stored = globalThis.localStorage?.getItem(storageKey);
    if (is(stored)) current = stored;
  } catch {
    // Storage blocked: start from the fallback.
  }
  onChange(current);

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = () => current;

  return {
    get,
    is,
    set(value) {
      if (value === current) return;
      current = value;
      try {
        globalThis.localStorage?.setItem(storageKey, value);
      } catch {
        // Private browsing without storage: the choice still holds for this visit.
      }
      onChange(value);
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, () => fallback),
  };
}
