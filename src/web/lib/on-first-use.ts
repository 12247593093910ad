import { useSyncExternalStore } from 'react';

const whenIdle = (run: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
  else setTimeout(run, 1);
};

/**
 * Code kept out of the first page's download: it loads on first use (`preload()`, from a control's pointerdown,
 * focus or hover) or once the browser is idle after the page loaded (`preloadWhenIdle()`, for what a visitor
 * expects to be ready). `useLoaded()` is null until it has loaded, and null while a server-rendered page hydrates,
 * so that the browser's first render is the server's.
 */
export function onFirstUse<T>(importer: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  const load = () => (loading ??= importer().then(
    (module) => {
      loaded = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      // A failed download is tried again on the next use.
      loading = undefined;
      throw error;
    },
  ));
  const preload = () => void load().catch(() => undefined);

  return {
    load,
    preload,
    preloadWhenIdle: () => whenIdle(preload),
    useLoaded: () => useSyncExternalStore(subscribe, () => loaded, () => null),
  };
}
