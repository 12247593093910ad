import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from './errors/route-error-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { PageLoading } from './layout/page-loading.tsx';
import type { RouteHandle } from './layout/route-handle.ts';

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoading,
    children: [
      {
        index: true,
        lazy: async () => {
          const [{ HomePage }, { HomeFooter }] = await Promise.all([
            import('./home/home-page.tsx'),
            import('./home/home-footer.tsx'),
          ]);
          return { Component: HomePage, handle: { footer: <HomeFooter /> } satisfies RouteHandle };
        },
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./errors/not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
