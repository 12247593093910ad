import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { WishlistPage } from './wishlist-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const item = {
  id: 7, productId: 3, slug: 'mayo-scissors', name: 'Mayo Scissors', price: 24.5, originalPrice: null, image: '',
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
});
