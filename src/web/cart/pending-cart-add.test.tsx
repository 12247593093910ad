import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../auth/login-page.tsx';
import { notify } from '../components/ui/notify.ts';
import { cartFixture } from '../test/cart-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { PendingCartAdd, rememberCartAdd, takeCartAdd } from './pending-cart-add.tsx';

const ADD = '/api/cart/add-item/';

/** A product page and the sign-in page inside a layout that, as the app's, makes a pending Add to Cart. */
const renderShop = () => renderApp([{
  element: <><Outlet /><PendingCartAdd /></>,
  children: [
    { path: '/products/mayo', element: <AddToCartButton productId={11} variantId={32} productName="Mayo Scissors" inStock quantity={3} /> },
    { path: '/login', Component: LoginPage },
  ],
}], { initialEntries: ['/products/mayo'] });

describe("a visitor's Add to Cart", () => {
  it('is made once the visitor has signed in, back on the product, with the usual toast, and taken out so that a reload does not make it again', async () => {
    const api = mockApi()
      .on('POST', '/api/auth/login/', 200, { token: 'access-1', refreshToken: 'refresh-1', user: wireUser() })
      .on('GET', '/api/auth/me/', 200, wireUser())
      .on('POST', ADD, 200, cartFixture());
    const added = vi.spyOn(notify, 'success');
    const { router } = renderShop();

    await userEvent.click(await screen.findByRole('button', { name: /Add to Cart/ }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(api.callsTo('POST', ADD)).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'amna@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Scalpel-92-Forceps');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(api.callsTo('POST', ADD)).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/products/mayo');
    expect(api.callsTo('POST', ADD)[0]).toMatchObject({ body: { product_id: 11, variant_id: 32, quantity: 3 }, authorization: 'Bearer access-1' });
    await waitFor(() => expect(added).toHaveBeenCalledWith('Added to cart', 'Product has been added to your cart successfully.'));

    // Taken out when made: a reload of the page finds nothing to add again.
    expect(sessionStorage.getItem('shop.pendingCartAdd')).toBeNull();
  });

  it('is taken once, and forgotten after half an hour', () => {
    const now = Date.UTC(2026, 2, 1, 10);
    rememberCartAdd({ product_id: 11, quantity: 1 }, now);
    expect(takeCartAdd(now + 31 * 60_000)).toBeNull();
    rememberCartAdd({ product_id: 11, quantity: 1 }, now);
    expect(takeCartAdd(now + 29 * 60_000)).toMatchObject({ body: { product_id: 11, quantity: 1 } });
    expect(takeCartAdd(now + 29 * 60_000)).toBeNull();
  });
});
