import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductFilters, ProductList, ProductListItem } from '#contracts/catalog';
import { i18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { askedLater } from '../test/namespaces.ts';
import { productListItemFixture } from '../test/product-fixtures.ts';
import { renderRoute } from '../test/render-route.tsx';
import { ProductsPage } from './products-page.tsx';

const forceps = productListItemFixture();

const filters: ProductFilters = {
  categories: [{ value: 'general-surgery', label: 'General Surgery', count: 135, label_translations: {} }],
  brands: [{ value: 'Zenith Instruments', label: 'Zenith Instruments', count: 80 }],
  certifications: [{ value: 'CE Marked', label: 'CE Marked', count: 300 }],
  markets: [],
  handling: [],
  price_ranges: [],
  options: [],
};

function list(results: ProductListItem[], count: number, page = 1): ProductList {
  return { results, count, next: null, previous: null, page, page_size: 20, total_pages: Math.ceil(count / 20) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
let productsAnswer: () => Promise<Response>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/products/filters/')) return json(200, filters);
    return productsAnswer();
  });
});
afterEach(() => {
  setLocale('en');
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const productCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => !url.includes('/filters/'));

describe('ProductsPage', () => {
  it('shows 8 skeleton cards while loading, then the products and the count', async () => {
    let answer!: (response: Response) => void;
    productsAnswer = () => new Promise((resolve) => (answer = resolve));
    renderRoute(ProductsPage, { path: '/products', url: '/products?category=general-surgery&page=2' });

    expect(screen.getByRole('heading', { name: 'Medical Instruments' })).toBeInTheDocument();
    const loading = await screen.findByRole('status', { name: 'Loading products' });
    expect(within(loading).getAllByTestId('product-card-skeleton')).toHaveLength(8);

    answer(json(200, list([forceps], 21, 2)));
    expect(await screen.findByRole('heading', { name: 'Adson Forceps, 12 cm' })).toBeInTheDocument();
    // The one product of page 2 is the 21st.
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 21 of 21 instruments');
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', '/products/adson-forceps-12-cm');
    expect(productCalls()[0]).toBe('/api/products/?category=general-surgery&page=2');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/products?category=general-surgery');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByLabelText('Category')).toHaveValue('general-surgery');
  });

  it('says which of the matches a page shows, in the reader\'s digits', async () => {
    productsAnswer = async () => json(200, list(Array.from({ length: 20 }, (_, i) => ({ ...forceps, id: i + 1, slug: `forceps-${i}` })), 50, 2));
    renderRoute(ProductsPage, { path: '/products', url: '/products?page=2' });
    expect(await screen.findByText('Showing 21–40 of 50 instruments')).toBeInTheDocument();
  });

  it('says which of the matches a page shows in Arabic, with its plural forms and digits', async () => {
    setLocale('ar');
    productsAnswer = async () => json(200, list([forceps, { ...forceps, id: 2, slug: 'forceps-2' }], 2));
    renderRoute(ProductsPage, { path: '/products', url: '/products' });
    expect(await screen.findByText('عرض ١–٢ من أداتين')).toBeInTheDocument();
  });

  it('offers Clear Filters when nothing matches', async () => {
    productsAnswer = async () => json(200, list([], 0));
    const { router } = renderRoute(ProductsPage, { path: '/products', url: '/products?search=nothing&in_stock=true' });

    expect(await screen.findByText('No products found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('says a page past the end has no results, with the page count in its plural form', async () => {
    productsAnswer = async () => json(200, list([], 5, 3));
    const { unmount } = renderRoute(ProductsPage, { path: '/products', url: '/products?page=3' });
    expect(await screen.findByText('There is no page 3: these results have 1 page.')).toBeInTheDocument();
    unmount();

    setLocale('ar');
    productsAnswer = async () => json(200, list([], 30, 3));
    renderRoute(ProductsPage, { path: '/products', url: '/products?page=3' });
    expect(await screen.findByText('لا توجد صفحة ٣: لهذه النتائج صفحتان.')).toBeInTheDocument();
  });

  it('shows the error with Try Again, which asks again', async () => {
    productsAnswer = async () => json(500, { detail: 'Internal server error.' });
    renderRoute(ProductsPage, { path: '/products', url: '/products' });

    expect(await screen.findByText('Error loading products')).toBeInTheDocument();
    expect(screen.getByText('Failed to load products')).toBeInTheDocument();
    productsAnswer = async () => json(200, list([forceps], 1));
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Adson Forceps, 12 cm' })).toBeInTheDocument();
  });

  it('keeps filter changes in the URL and starts again from page 1', async () => {
    productsAnswer = async () => json(200, list([forceps], 45, 3));
    const { router } = renderRoute(ProductsPage, { path: '/products', url: '/products?page=3' });

    await screen.findByRole('heading', { name: 'Adson Forceps, 12 cm' });
    await userEvent.selectOptions(screen.getByLabelText('Price range'), '100-500');
    expect(router.state.location.search).toBe('?min_price=100&max_price=499.99');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'price');
    expect(router.state.location.search).toBe('?min_price=100&max_price=499.99&ordering=price');
    await userEvent.click(screen.getByRole('button', { name: /More Filters/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(router.state.location.search).toBe('?min_price=100&max_price=499.99&in_stock=true&ordering=price');
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(router.state.location.search).toContain('view=list');
  });

  it('asks for the texts of the filters and the cards with the page, so that the first list never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    const soldOut = productListItemFixture({ id: 8, slug: 'mayo-scissors', name: 'Mayo Scissors', stock_quantity: 0, is_in_stock: false, licence_required: true });
    productsAnswer = async () => json(200, list([forceps, soldOut], 2));
    renderRoute(ProductsPage, { path: '/products', url: '/products' });

    await screen.findByRole('heading', { name: 'Mayo Scissors' });
    await userEvent.click(screen.getByRole('button', { name: /More Filters/ }));
    expect(askedLater(asked, 'catalog')).toEqual([]);
  });
});
