import { createContext, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true from then on (and at once in a page
 * the browser renders alone). What depends on the visitor's clock or time zone waits for it, so that hydration meets
 * the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}

/** When the server rendered the page: its clock until hydration is over. */
export const RenderedAtContext = createContext<number | null>(null);
