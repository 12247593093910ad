import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category, ProductList } from '#contracts/catalog';
import { i18n } from '../i18n/i18n.ts';
import { mockApi } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { productListItemFixture } from '../test/product-fixtures.ts';
import { renderRoute } from '../test/render-route.tsx';
import { CategoryPage } from './category-page.tsx';

const surgery: Category = {
  id: 1,
  slug: 'general-surgery',
  name: 'General Surgery',
  description: 'Forceps, scissors and retractors.',
  image: '',
  product_count: 2,
  translations: {},
};

const products: ProductList = {
  results: [
    productListItemFixture(),
    productListItemFixture({ id: 8, slug: 'mayo-scissors', name: 'Mayo Scissors', stock_quantity: 0, is_in_stock: false, licence_required: true }),
  ],
  count: 2,
  next: null,
  previous: null,
  page: 1,
  page_size: 20,
  total_pages: 1,
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});

describe('CategoryPage', () => {
  it('asks for the texts of the cards with the page, so that the first list never blanks it and a search being typed', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    api.on('GET', '/api/categories/general-surgery/', 200, surgery);
    api.on('GET', '/api/products/?category=general-surgery', 200, products);
    renderRoute(CategoryPage, { path: '/categories/:slug', url: '/categories/general-surgery' });

    await screen.findByRole('heading', { name: 'Mayo Scissors' });
    expect(askedLater(asked, 'catalog')).toEqual([]);
  });
});
