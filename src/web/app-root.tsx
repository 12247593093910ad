import { StrictMode, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from './components/ui/toaster.tsx';
import { SiteOriginContext } from './seo/site.ts';
import { RenderedAtContext } from './lib/use-hydrated.ts';

/** Everything around the router, the same in the browser and on the server, so that hydration meets the same tree. */
export function AppRoot({ queryClient, origin, renderedAt = null, children }: {
  queryClient: QueryClient;
  origin: string;
  /** When the server rendered the page being hydrated. */
  renderedAt?: number | null;
  children: ReactNode;
}) {
  // Marks the document once the app answers clicks: a server-rendered button does nothing before hydration.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <StrictMode>
      <RenderedAtContext.Provider value={renderedAt}>
        <SiteOriginContext.Provider value={origin}>
          <QueryClientProvider client={queryClient}>
            {children}
            <Toaster />
          </QueryClientProvider>
        </SiteOriginContext.Provider>
      </RenderedAtContext.Provider>
    </StrictMode>
  );
}
