import { createContext, useContext } from 'react';

/** The shop's own address (scheme, host and port), for canonical URLs, alternates and shared links. */
export const SiteOriginContext = createContext<string>(typeof window === 'undefined' ? '' : window.location.origin);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext);
}
