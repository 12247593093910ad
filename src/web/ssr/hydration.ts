import { hydrate, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { currencyChoice } from '../i18n/currency-store.ts';
import { isLocale, localeChoice, type Locale } from '../i18n/locale-store.ts';
import { ApiError, errorParamsOf } from '../lib/api.ts';
import { localeOfSearch } from '../seo/page-url.ts';
import { SERVER_STATE_ID, type SerialisedApiError, type ServerState } from './server-state.ts';

/** The state a server-rendered page carries; null for a page the browser renders alone. */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as ServerState) : null;
}

/** The language a link names (`?lang=`): it becomes the visitor's. */
export function linkedLocale(): Locale | undefined {
  return localeOfSearch(window.location.search, isLocale);
}

/**
 * Whether the server rendered the page in the visitor's language and currency: a link's language, else what they
 * chose before in this browser (the server knows it by cookie; a choice stored before the cookie existed, it does not).
 */
export function renderedAsChosen(state: ServerState, linked: Locale | undefined): boolean {
  return (linked ?? localeChoice.stored() ?? state.locale) === state.locale && (currencyChoice.stored() ?? state.currency) === state.currency;
}

/** Starts from the language and currency the page was rendered in, so that hydration renders the same. */
export function adoptRenderedChoices(state: ServerState): void {
  localeChoice.adopt(state.locale);
  currencyChoice.adopt(state.currency);
}

/** The server's answers, as fresh as now (they are never stale), with its failures as ApiErrors again. */
export function hydrateQueries(queryClient: QueryClient, state: ServerState): void {
  const now = Date.now();
  hydrate(queryClient, {
    ...state.queries,
    queries: state.queries.queries.map((query) => {
      const error = query.state.error as SerialisedApiError | null;
      // Shown as the server showed it (the not-found page), not fetched again as the page mounts.
      if (error) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
      return {
        ...query,
        state: {
          ...query.state,
          dataUpdatedAt: query.state.dataUpdatedAt ? now : 0,
          errorUpdatedAt: query.state.errorUpdatedAt ? now : 0,
          // eslint-disable-next-line no-restricted-syntax -- the server render's ApiError made again, not shown
          error: error && new ApiError(error.status, error.message, {}, {
            code: error.code as ApiError['code'], params: errorParamsOf(error.body), body: error.body,
          }),
        },
      };
    }),
  });
}

/** The page's route modules, loaded before hydration so that the first render is the server's. */
export async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(matches.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const loaded = await route.lazy();
    Object.assign(route, { ...loaded, lazy: undefined });
  }));
}
