import { createContext, startTransition, useEffect, useState } from 'react';

/**
 * False while the server renders a page and while the browser hydrates it (and in a component's first render), true
 * from then on. What depends on the visitor's clock, time zone or browser waits for it, so that hydration meets the
 * server's markup. The change comes as a transition after the component mounts: hydrating a page does not end in one
 * long synchronous render of everything that waited.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}

/** When the server rendered the page: its clock until hydration is over. */
export const RenderedAtContext = createContext<number | null>(null);
