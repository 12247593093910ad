import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { ProductBuyButton } from './product-buy-button.tsx';
import { cartFixture } from '../test/cart-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderButton(props: { inStock?: boolean; quantity?: number; variantId?: number } = {}) {
  return renderApp(
    [{ path: '/products/mayo', element: (
      <AddToCartButton productId={11} variantId={props.variantId} productName="Mayo Scissors" inStock={props.inStock ?? true} quantity={props.quantity} />
    ) }],
    { initialEntries: ['/products/mayo'] },
  );
}

function signIn() {
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  return mockApi().on('GET', '/api/auth/me/', 200, wireUser());
}

describe('AddToCartButton', () => {
  it('sends a signed-out visitor to /login with a toast, remembering the page', async () => {
    const api = mockApi();
    const toast = vi.spyOn(notify, 'error');
    const { router } = renderButton();

    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));

    expect(toast).toHaveBeenCalledWith('Authentication required', 'Please log in to add items to your cart.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/products/mayo', search: '', hash: '' } });
    expect(api.callsTo('POST', '/api/cart/add-item/')).toHaveLength(0);
  });

  it('adds the chosen quantity and confirms it', async () => {
    const api = signIn().on('POST', '/api/cart/add-item/', 200, cartFixture());
    const toast = vi.spyOn(notify, 'success');
    renderButton({ quantity: 3 });

    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith('Added to cart', 'Product has been added to your cart successfully.'));
    expect(api.callsTo('POST', '/api/cart/add-item/')[0]!.body).toEqual({ product_id: 11, quantity: 3 });
    expect(api.callsTo('POST', '/api/cart/add-item/')[0]!.authorization).toBe('Bearer access');
  });

  it('sends the chosen size or version with its product', async () => {
    const api = signIn().on('POST', '/api/cart/add-item/', 200, cartFixture());
    renderButton({ quantity: 2, variantId: 32 });

    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));

    await waitFor(() => expect(api.callsTo('POST', '/api/cart/add-item/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/cart/add-item/')[0]!.body).toEqual({ product_id: 11, variant_id: 32, quantity: 2 });
  });

  it("reports the reason from the server's code when adding fails", async () => {
    signIn().on('POST', '/api/cart/add-item/', 409, { detail: 'Sold out (English).', code: 'OUT_OF_STOCK', params: { name: 'Mayo Scissors' } });
    const toast = vi.spyOn(notify, 'error');
    renderButton();

    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith('Failed to add to cart', 'Mayo Scissors is out of stock.'));
  });

  it('says the shop could not be reached when there is no answer', async () => {
    const api = signIn();
    api.fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify(wireUser()), { status: 200 }));
    api.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const toast = vi.spyOn(notify, 'error');
    renderButton();

    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith('Failed to add to cart', 'The shop could not be reached. Check your connection and try again.'));
  });

  it('is disabled without stock', async () => {
    renderButton({ inStock: false });
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeDisabled();
  });

  it('is disabled while the product is being added', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    signIn().onDeferred('POST', '/api/cart/add-item/', () => new Promise((resolve) => (answer = resolve)));
    renderButton();

    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(await screen.findByRole('button', { name: /Adding/ })).toBeDisabled();
    answer({ status: 200, body: cartFixture() });
    expect(await screen.findByRole('button', { name: /Add to Cart/ })).toBeEnabled();
  });
});

describe('ProductBuyButton', () => {
  const scissors = { id: 12, slug: 'metzenbaum-scissors', name: 'Metzenbaum Scissors', stock_quantity: 9, is_in_stock: true, licence_required: false };

  it('leads to the product page to choose a size for a product with several, and adds once one is chosen', async () => {
    const api = signIn().on('POST', '/api/cart/add-item/', 200, cartFixture());
    renderApp([{ path: '/cart', element: (
      <>
        <ProductBuyButton product={{ ...scissors, variant_count: 2 }} />
        <ProductBuyButton product={{ ...scissors, variant_count: 2 }} variantId={32} />
      </>
    ) }], { initialEntries: ['/cart'] });

    expect(screen.getByRole('link', { name: 'Choose size : Metzenbaum Scissors' })).toHaveAttribute('href', '/products/metzenbaum-scissors');
    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/cart/add-item/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/cart/add-item/')[0]!.body).toEqual({ product_id: 12, variant_id: 32, quantity: 1 });
  });

  it('says Licence required on the card of a product with several sizes that this buyer may not order', async () => {
    signIn();
    renderApp([{ path: '/cart', element: <ProductBuyButton product={{ ...scissors, variant_count: 2, licence_required: true }} /> }], { initialEntries: ['/cart'] });
    expect(await screen.findByRole('button', { name: /^Licence required: Metzenbaum Scissors/ })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /Choose size/ })).toBeNull();
  });
});
