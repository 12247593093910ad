import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '#contracts/catalog';
import { CategoryGrid } from './category-grid.tsx';

const cardiology: Category = {
  id: 1,
  slug: 'cardiology',
  name: 'Cardiology',
  description: 'Vascular clamps, forceps and needle holders.',
  image: '/media/categories/cardiology.svg',
  product_count: 124,
  translations: { ur: { name: 'امراضِ قلب', description: 'ویسکولر کلیمپ، فورسیپس اور نیڈل ہولڈر۔' } },
};

const fetchMock = vi.fn<typeof fetch>();

function renderGrid() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <CategoryGrid /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('CategoryGrid', () => {
  it('shows 8 skeletons, then cards linking to the filtered catalogue', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderGrid();

    const loading = screen.getByRole('status', { name: 'Loading categories' });
    expect(loading.children).toHaveLength(8);

    answer(new Response(JSON.stringify([cardiology, { ...cardiology, id: 2, slug: 'ent', name: 'ENT', product_count: 1 }])));

    const card = await screen.findByRole('link', { name: /Cardiology/ });
    expect(card).toHaveAttribute('href', '/products?category=cardiology');
    expect(screen.getByRole('img', { name: 'Cardiology instruments' })).toHaveAttribute('src', cardiology.image);
    expect(screen.getByText('124 products')).toBeInTheDocument();
    expect(screen.getByText('1 product')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View All Categories/ })).toHaveAttribute('href', '/products');
  });

  it('says when there are no categories', async () => {
    fetchMock.mockResolvedValueOnce(new Response('[]'));
    renderGrid();
    expect(await screen.findByText('No categories available')).toBeInTheDocument();
  });

  it('shows the failure and retries on Try Again', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ detail: 'Catalogue offline.' }), { status: 503 }));
    renderGrid();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again in a moment.');

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify([cardiology])));
    await userEvent.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(await screen.findByRole('link', { name: /Cardiology/ })).toBeInTheDocument();
  });
});
