import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToCartButton } from '../cart/add-to-cart-button.tsx';
import { cartFixture, cartItemFixture } from '../test/cart-fixtures.ts';
import { CartPage } from '../cart/cart-page.tsx';
import { CheckoutPage } from '../checkout/checkout-page.tsx';
import { notify } from '../components/ui/notify.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const business = wireUser({ account_type: 'business' });

function signIn(user = wireUser()) {
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  return mockApi().on('GET', '/api/auth/me/', 200, user).on('GET', '/api/licences/gate', 200, {
    can_buy_restricted: false, reason: 'no_licence', blocked_items: [], licence_expires_on: null, message: null,
  });
}

const renderButton = () => renderApp(
  [{ path: '/products/plate', element: <AddToCartButton productId={21} productName="Locking Plate" inStock licenceRequired /> }],
  { initialEntries: ['/products/plate'] },
);

const heldCart = cartFixture({
  items: [cartItemFixture({ product_name: 'Locking Plate', licence_issue: 'no_licence' })], has_licence_issues: true,
});

describe('Add to Cart for a product that needs a licence', () => {
  it('is disabled for an individual account and says why, without asking the server', async () => {
    const api = signIn();
    renderButton();

    const button = await screen.findByRole('button', { name: /^Licence required: Locking Plate/ });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Licence required');
    expect(button).toHaveAccessibleName(/an individual account cannot order it/);
    expect(api.callsTo('POST', '/api/cart/add-item/')).toHaveLength(0);
  });

  it('lets a business account add it, and a LICENCE_REQUIRED answer gets a toast saying why', async () => {
    signIn(business).on('POST', '/api/cart/add-item/', 403, {
      detail: 'Locking Plate: sold only to business accounts holding a verified licence.', code: 'LICENCE_REQUIRED',
    });
    const toast = vi.spyOn(notify, 'error');
    renderButton();
    await screen.findByRole('button', { name: /Add to Cart/ });
    await waitFor(() => expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeEnabled());

    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith(
      'Licence required', expect.stringMatching(/^Sold only to business accounts holding a verified licence\. Upload yours/),
    ));
  });
});

describe('a cart holding a line that needs a licence', () => {
  it('says what is missing on the line, links to the licence upload, and keeps Proceed to Checkout disabled', async () => {
    signIn(business).on('GET', '/api/cart/', 200, heldCart);
    renderApp([{ path: '/cart', Component: CartPage }], { initialEntries: ['/cart'] });

    expect(await screen.findByText('Needs a verified licence: upload yours to check out.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Upload a licence' })[0]).toHaveAttribute('href', '/profile/licences');
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });

  it('keeps checkout at step 1: Continue to Payment is disabled', async () => {
    signIn(business).on('GET', '/api/cart/', 200, heldCart);
    renderApp([{ path: '/checkout', Component: CheckoutPage }], { initialEntries: ['/checkout'] });

    expect(await screen.findByText('Checkout opens once every item’s licence note is resolved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Continue to Payment/ })).toBeDisabled();
  });
});
