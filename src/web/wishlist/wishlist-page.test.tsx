import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { cartFixture } from '../test/cart-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderApp } from '../test/render-app.tsx';
import { WishlistPage } from './wishlist-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const item = {
  id: 7, productId: 3, variant_id: 31, variant_label: '18 cm · Curved', slug: 'mayo-scissors', name: 'Mayo Scissors', price: 24.5, originalPrice: null, image: '',
  category: 'General Surgery', category_translations: { ur: 'جنرل سرجری', ar: 'الجراحة العامة' }, rating: 4, inStock: true, addedAt: '2026-01-05T10:00:00.000Z',
};

const renderPage = () => renderApp([{ path: '/wishlist', Component: WishlistPage }], { initialEntries: ['/wishlist'] });

describe('WishlistPage', () => {
  it('offers no Share Wishlist on an empty wishlist', async () => {
    mockApi().on('GET', '/api/wishlist', 200, { items: [] }).on('GET', '/api/wishlist/share/', 200, { share: null });
    renderPage();
    expect(await screen.findByText('Your wishlist is empty')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Share Wishlist/ })).not.toBeInTheDocument();
  });

  it('offers Share Wishlist once something is saved', async () => {
    mockApi().on('GET', '/api/wishlist', 200, { items: [item] }).on('GET', '/api/wishlist/share/', 200, { share: null });
    renderPage();
    expect(await screen.findByRole('button', { name: /Share Wishlist/ })).toBeVisible();
  });

  it('names the saved size under the product, and puts that size in the cart', async () => {
    localStorage.setItem('token', 'access');
    const api = mockApi()
      .on('GET', '/api/auth/me/', 200, wireUser())
      .on('GET', '/api/wishlist', 200, { items: [item] })
      .on('GET', '/api/wishlist/share/', 200, { share: null })
      .on('POST', '/api/cart/add-item/', 200, cartFixture());
    renderPage();
    expect(await screen.findByText('18 cm · Curved')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/cart/add-item/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/cart/add-item/')[0]!.body).toEqual({ product_id: 3, variant_id: 31, quantity: 1 });
  });

  it('asks for the texts of the cards with the page, so that the first list never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    mockApi().on('GET', '/api/wishlist', 200, { items: [item] }).on('GET', '/api/wishlist/share/', 200, { share: null });
    renderPage();

    await screen.findByText('18 cm · Curved');
    expect(askedLater(asked, 'wishlist')).toEqual([]);
  });
});
