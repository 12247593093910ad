import type { DehydratedState } from '@tanstack/react-query';
import type { Currency } from '#contracts/exchange-rates';
import type { Locale } from '../i18n/locale-store.ts';

/** A failed answer as it travels in the page: the status, message, code and body the error screens read. */
export interface SerialisedApiError {
  status: number;
  message: string;
  code?: string;
  body?: unknown;
}

/**
 * What a server-rendered page hands to the storefront in the browser, so that hydration renders exactly what the
 * server did and fetches nothing again: the visitor's choices, the texts the page used and the answers it showed.
 */
export interface ServerState {
  locale: Locale;
  currency: Currency;
  /** The shop's address, for canonical and shared links. */
  origin: string;
  /** The server's clock when it rendered the page (countdowns), in ms. */
  renderedAt: number;
  /** Only the visitor's language, and only the namespaces the page used. */
  texts: Record<string, Record<string, unknown>>;
  queries: DehydratedState;
}

export const SERVER_STATE_ID = 'server-state';

/** JSON inside a script element: `<` is escaped so no text in it can close the element. */
export function serialiseServerState(state: ServerState): string {
  return `<script id="${SERVER_STATE_ID}" type="application/json">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}
