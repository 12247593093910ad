import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { WishlistButton, type WishlistButtonProps } from './wishlist-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const item = (productId: number) => ({
  id: 1, productId, variant_id: productId * 10, variant_label: '', slug: 'mayo', name: 'Mayo Scissors', price: 20, originalPrice: null, image: '', category: 'general',
  category_translations: {},
  rating: 0, inStock: true, addedAt: '2026-01-01T00:00:00.000Z',
});

function signedIn() {
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  return mockApi().on('GET', '/api/auth/me/', 200, wireUser());
}

const renderButton = (product: WishlistButtonProps['product'] = { id: 11, name: 'Mayo Scissors' }, variantId?: number) =>
  renderApp([{ path: '/', element: <WishlistButton product={product} variantId={variantId} /> }]);

describe('WishlistButton', () => {
  it('asks a signed-out visitor to sign in and calls nothing', async () => {
    const api = mockApi();
    const toast = vi.spyOn(notify, 'error');
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: /Add to wishlist/ }));
    expect(toast).toHaveBeenCalledWith('Please sign in', expect.any(String));
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a product without its information', async () => {
    signedIn().on('GET', '/api/wishlist', 200, { items: [] });
    const toast = vi.spyOn(notify, 'error');
    renderButton(null);
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(toast).toHaveBeenCalledWith('Error', 'Product information is missing.');
  });

  it('adds, then removes, with the toasts', async () => {
    const api = signedIn()
      .on('GET', '/api/wishlist', 200, { items: [] })
      .on('GET', '/api/wishlist', 200, { items: [item(11)] })
      .on('GET', '/api/wishlist', 200, { items: [] })
      .on('POST', '/api/wishlist/11', 200, { item: item(11) })
      .on('DELETE', '/api/wishlist/11', 200, { detail: 'ok' });
    const success = vi.spyOn(notify, 'success');
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to wishlist: Mayo Scissors' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added to wishlist', 'Mayo Scissors'));
    expect(api.callsTo('POST', '/api/wishlist/11')[0].body).toBeUndefined();

    const remove = await screen.findByRole('button', { name: 'Remove from wishlist: Mayo Scissors' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(remove);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Removed from wishlist', 'Mayo Scissors'));
    expect(await screen.findByRole('button', { name: 'Add to wishlist: Mayo Scissors' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('is the chosen size\'s heart on the product page: saves that size, and takes out that size only', async () => {
    const otherSize = item(11);
    const chosenSize = { ...item(11), id: 2, variant_id: 112, variant_label: '18 cm' };
    const api = signedIn()
      .on('GET', '/api/wishlist', 200, { items: [otherSize] })
      .on('GET', '/api/wishlist', 200, { items: [otherSize, chosenSize] })
      .on('POST', '/api/wishlist/11?variant_id=112', 200, { item: chosenSize })
      .on('DELETE', '/api/wishlist/item/2', 200, { detail: 'ok' });
    const success = vi.spyOn(notify, 'success');
    renderButton(undefined, 112);
    // Another size of the product is saved, not this one.
    await userEvent.click(await screen.findByRole('button', { name: 'Add to wishlist: Mayo Scissors' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added to wishlist', 'Mayo Scissors'));
    expect(api.callsTo('POST', '/api/wishlist/11?variant_id=112')).toHaveLength(1);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove from wishlist: Mayo Scissors' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/wishlist/item/2')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/wishlist/11')).toHaveLength(0);
  });

  it('shows an error and keeps what the server has when the call fails', async () => {
    signedIn().on('GET', '/api/wishlist', 200, { items: [] }).on('POST', '/api/wishlist/11', 500, { detail: 'Server down' });
    const error = vi.spyOn(notify, 'error');
    const success = vi.spyOn(notify, 'success');
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to wishlist: Mayo Scissors' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Wishlist not updated', 'Something went wrong on our side. Please try again in a moment.'));
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add to wishlist: Mayo Scissors' })).toHaveAttribute('aria-pressed', 'false');
  });
});
