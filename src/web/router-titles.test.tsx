import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TITLE_SEPARATOR } from './layout/page-title.tsx';
import { mockApi, wireUser } from './test/mock-api.ts';
import { routes } from './router.tsx';

const SHOP = 'Sialkot Surgical';
const HOME_TITLE = `${SHOP}${TITLE_SEPARATOR}Surgical Instruments & Medical Equipment`;

/** Every page path of the route table, with its parameters filled in. */
function pagePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const path = route.index ? parent : route.path ? `${parent}/${route.path}`.replace('//', '/') : parent;
    const own = route.index || (route.path && !route.children) ? [path.replace(/:[^/]+/g, 'x') || '/'] : [];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('document titles', () => {
  const paths = pagePaths(routes).filter((path) => path !== '/profile' && path !== '/*');

  it.each(paths)('%s has its own title, ending in the shop name after the one separator', async (path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('token', 'access');
    mockApi().on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, is_superuser: true, staff_role: 'owner' }));
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(path);
      expect(document.title).not.toMatch(/^(Checking your account|$)/);
      if (path === '/') expect(document.title).toBe(HOME_TITLE);
      else {
        expect(document.title).not.toBe(HOME_TITLE);
        expect(document.title.endsWith(`${TITLE_SEPARATOR}${SHOP}`)).toBe(true);
      }
    }, { timeout: 4000 });
    expect(document.title).not.toMatch(/[|·]| - /);
  });
});
