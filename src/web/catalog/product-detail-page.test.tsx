import { screen, waitFor } from '@testing-library/react';
import type { ProductDetail } from '#contracts/catalog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderRoute } from '../test/render-route.tsx';
import { ProductDetailPage, quoteHref } from './product-detail-page.tsx';

const detail: ProductDetail = {
  id: 7, slug: 'adson-tissue-forceps', name: 'Adson Tissue Forceps', short_description: '', category: 'general-surgery',
  description: '<p>Fine <strong>serrated</strong> tips.</p><ul><li>12 cm</li></ul>',
  category_name: 'General Surgery', category_name_translations: {}, brand: 'Zenith', model_number: 'AF-12', price: '8.00',
  original_price: null, price_max: '8.00', variant_count: 1, stock_quantity: 9, is_in_stock: true, main_image: '', image_srcset: '',
  certifications: [], average_rating: 4.5, review_count: 12, handling: [], licence_required: false, instrument_type: 'forceps', meta_title: '', meta_description: '',
  low_stock_threshold: 5, images: [], features: [], specifications: {}, unspsc: '42291800', documents: [], related_products: [],
  frequently_bought_together: [], flash_sale: null, price_tiers: [], options: [],
  variants: [{
    id: 70, model_number: 'AF-12', gtin: null, options: {}, label: '', label_translations: {}, price: '8.00', original_price: null, is_in_stock: true,
    available_stock: 9, low_stock_threshold: 5, image: null, price_tiers: [], volume_prices: [], next_lot_expiry: null, regulatory: null, contents_sheet: null,
  }],
};

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

  it('shows a product reached by its former address under its current one, with its formatted description', async () => {
    // fetch follows the API's 301 from the former slug: the answer names the product's current one.
    fetchMock.mockImplementation(async (input) => (['/api/products/adson-forceps/', '/api/products/adson-tissue-forceps/'].includes(String(input))
      ? new Response(JSON.stringify(detail), { status: 200, headers: { 'Content-Type': 'application/json' } })
      : new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404, headers: { 'Content-Type': 'application/json' } })));
    const { router } = renderRoute(ProductDetailPage, { path: '/products/:slug', url: '/products/adson-forceps?variant=70' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/products/adson-tissue-forceps'));
    expect(router.state.location.search).toBe('?variant=70');
    expect(router.state.historyAction).toBe('REPLACE');
    // The answer is kept under the current address: the product stays on the page meanwhile.
    expect(screen.getByText('serrated', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reviews (12)' })).toBeInTheDocument();
  });

  it('asks for the texts of the summary with the page, so that the product arriving never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/products/adson-tissue-forceps/'
      ? json(200, { ...detail, licence_required: true })
      : json(404, { detail: 'Not found.' })));
    renderRoute(ProductDetailPage, { path: '/products/:slug', url: '/products/adson-tissue-forceps' });

    await screen.findByRole('heading', { name: 'Adson Tissue Forceps', level: 1 });
    expect(askedLater(asked, 'catalog')).toEqual([]);
  });

  it('links a bulk quote to the quote request form with the product and quantity', () => {
    expect(quoteHref('mayo-scissors', 25)).toBe('/quotes/new?product=mayo-scissors&quantity=25');
    expect(quoteHref('metzenbaum-scissors', 60, 32)).toBe('/quotes/new?product=metzenbaum-scissors&quantity=60&variant=32');
  });
});
