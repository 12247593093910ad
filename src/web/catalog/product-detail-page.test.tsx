import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../test/render-route.tsx';
import { ProductDetailPage, quoteHref } from './product-detail-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('ProductDetailPage', () => {
  it('shows Product not found with a way back to the catalogue for an unknown slug', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ detail: 'Product not found.' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
    );
    renderRoute(ProductDetailPage, { path: '/products/:slug', url: '/products/no-such-thing' });

    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByText("The product you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/products/no-such-thing/');
  });

  it('links a bulk quote to the quote request form with the product and quantity', () => {
    expect(quoteHref('mayo-scissors', 25)).toBe('/quotes/new?product=mayo-scissors&quantity=25');
  });
});
