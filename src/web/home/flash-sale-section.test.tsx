import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlashSaleSection } from './flash-sale-section.tsx';

function renderSection(items: unknown[]) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ items }))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <FlashSaleSection /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => vi.unstubAllGlobals());

describe('FlashSaleSection', () => {
  it('is hidden when nothing is on sale', async () => {
    const client = renderSection([]);
    await vi.waitFor(() => expect(client.getQueryState(['catalog', 'flash-sales'])?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Flash Sale' })).not.toBeInTheDocument();
  });

  it('lists the deals', async () => {
    renderSection([
      {
        id: 1,
        productId: 5,
        variantId: 50,
        variantLabel: '',
        slug: 'debakey-forceps',
        name: 'DeBakey Forceps',
        category: 'Cardiology',
        category_translations: {},
        originalPrice: 65,
        salePrice: 48.75,
        discount: 25,
        image: '/media/x.svg',
        rating: 4.6,
        totalStock: 50,
        soldCount: 10,
        availableStock: 40,
        isFlashSale: true,
        saleEndTime: new Date(Date.now() + 3_600_000).toISOString(),
      },
    ]);
    expect(await screen.findByRole('article', { name: 'DeBakey Forceps' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Flash Sale' })).toBeInTheDocument();
  });
});
