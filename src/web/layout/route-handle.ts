import type { ReactNode } from 'react';

/** Per-route facts the shell reads through `useMatches()`. */
export interface RouteHandle {
  /** Replaces the compact site footer, outside `<main>` so it stays the page's contentinfo landmark. */
  footer?: ReactNode;
}
