import { act, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, createStaticHandler, createStaticRouter, RouterProvider, StaticRouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductFilters, ProductList } from '#contracts/catalog';
import { productListItemFixture } from '../test/product-fixtures.ts';
import { EARLY_INPUT, keepEarlyInput } from '../ssr/early-input.ts';
import { formCatalogQuery, parseCatalogQuery, toApiQuery } from './catalog-query.ts';
import { productFiltersQuery, productsQuery } from './catalog.api.ts';
import { ProductsPage } from './products-page.tsx';

const filters: ProductFilters = {
  categories: [
    { value: 'cardiology', label: 'Cardiology', count: 64, label_translations: {} },
    { value: 'general-surgery', label: 'General Surgery', count: 135, label_translations: {} },
  ],
  brands: [], certifications: [], markets: [], handling: [], price_ranges: [], options: [],
};
const everything: ProductList = {
  results: [productListItemFixture()], count: 1, next: null, previous: null, page: 1, page_size: 20, total_pages: 1,
};
const routes = [{ path: '/products', Component: ProductsPage }];

/** A query cache holding what the server's render fetched, as hydration starts with it. */
function cacheAsRendered(search = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(productFiltersQuery().queryKey, filters);
  queryClient.setQueryData(productsQuery(toApiQuery(parseCatalogQuery(new URLSearchParams(search)))).queryKey, everything);
  return queryClient;
}

/** The server's markup of /products, in the page as the browser received it. */
async function serverPage(search = ''): Promise<HTMLElement> {
  const context = await createStaticHandler(routes).query(new Request(`http://shop.example/products${search}`));
  if (context instanceof Response) throw new Error('no page');
  const markup = renderToString(
    <QueryClientProvider client={cacheAsRendered(search)}>
      <StaticRouterProvider router={createStaticRouter(routes, context)} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  return container;
}

const browserApp = (search = '') => {
  const router = createMemoryRouter(routes, { initialEntries: [`/products${search}`] });
  const app = <QueryClientProvider client={cacheAsRendered(search)}><RouterProvider router={router} /></QueryClientProvider>;
  return { router, app };
};

/** The visitor picks Cardiology while the page is still the server's: the app's code has not run yet. */
function chooseCardiologyEarly(container: HTMLElement) {
  const category = within(container).getByLabelText<HTMLSelectElement>('Category');
  category.value = 'cardiology';
  return category;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('a catalogue filter chosen before the app takes the page over', () => {
  it('is a GET form the server renders, which sends the choice to /products with JavaScript off', async () => {
    const container = await serverPage();
    const form = container.querySelector<HTMLFormElement>('form#catalog-filters')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/products');
    expect(Object.keys(EARLY_INPUT).every((name) => form.hasAttribute(name))).toBe(true);
    chooseCardiologyEarly(container);
    expect(formCatalogQuery(new URLSearchParams(new FormData(form) as unknown as string[][]))).toEqual({ category: 'cardiology' });
  });

  it('is read when the page hydrates: the list follows the select', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(everything), { status: 200 })));
    const container = await serverPage();
    const category = chooseCardiologyEarly(container);
    const { router, app } = browserApp();

    await act(async () => {
      root = hydrateRoot(container, app);
    });

    await waitFor(() => expect(router.state.location.search).toBe('?category=cardiology'));
    expect(category).toHaveValue('cardiology');
  });

  it('is kept when the page is rendered in the browser over the server\'s (a signed-in visitor)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(everything), { status: 200 })));
    const container = await serverPage();
    chooseCardiologyEarly(container);
    const { router, app } = browserApp();

    keepEarlyInput(container);
    await act(async () => {
      root = createRoot(container);
      root.render(app);
    });

    await waitFor(() => expect(router.state.location.search).toBe('?category=cardiology'));
    expect(within(container).getByLabelText('Category')).toHaveValue('cardiology');
  });

  it('leaves a link\'s ordering the sort select does not offer as the link gave it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(everything), { status: 200 })));
    const container = await serverPage('?ordering=name');
    const { router, app } = browserApp('?ordering=name');

    await act(async () => {
      root = hydrateRoot(container, app);
    });

    expect(router.state.location.search).toBe('?ordering=name');
  });
});
