import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { askedLater } from '../test/namespaces.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { CartPage } from './cart-page.tsx';
import { cartFixture, cartItemFixture } from '../test/cart-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signIn() {
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  return mockApi().on('GET', '/api/auth/me/', 200, wireUser());
}

const renderCart = () => renderRoute(CartPage, { path: '/cart', url: '/cart' });

describe('CartPage', () => {
  it('asks a signed-out visitor to sign in, without calling the cart', async () => {
    const api = mockApi();
    renderCart();

    expect(screen.getByText('Please sign in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('GET', '/api/cart/')).toHaveLength(0);
  });

  it('names the size or version of each line under its product, and nothing for a product without options', async () => {
    signIn().on('GET', '/api/cart/', 200, cartFixture({ items: [
      cartItemFixture({ id: 5, product_name: 'Metzenbaum Scissors', variant_id: 32, variant_label: '18 cm · Curved' }),
      cartItemFixture({ id: 6, product_id: 12, product_name: 'Kelly Hemostat', variant_id: 40, variant_label: '' }),
    ] }));
    renderCart();

    const line = (await screen.findByRole('heading', { name: 'Metzenbaum Scissors' })).closest('article')!;
    expect(within(line).getByText('18 cm · Curved')).toBeInTheDocument();
    const plain = screen.getByRole('heading', { name: 'Kelly Hemostat' }).closest('article')!;
    expect(within(plain).queryByText('·', { exact: false })).not.toBeInTheDocument();
  });

  it('names the contract under a line the organisation’s contract prices, and nothing under the others', async () => {
    signIn().on('GET', '/api/cart/', 200, cartFixture({ items: [
      cartItemFixture({ id: 5, product_name: 'Metzenbaum Scissors', variant_id: 32, contract_number: 'MH-2026-14' }),
      cartItemFixture({ id: 6, product_id: 12, product_name: 'Kelly Hemostat', variant_id: 40 }),
    ] }));
    renderCart();

    const line = (await screen.findByRole('heading', { name: 'Metzenbaum Scissors' })).closest('article')!;
    expect(within(line).getByTestId('line-contract')).toHaveTextContent('Contract MH-2026-14');
    const plain = screen.getByRole('heading', { name: 'Kelly Hemostat' }).closest('article')!;
    expect(within(plain).queryByTestId('line-contract')).not.toBeInTheDocument();
  });
  it('shows the empty state with a way to the catalogue', async () => {
    signIn().on('GET', '/api/cart/', 200, cartFixture({ items: [], item_count: 0 }));
    renderCart();

    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  });

  it('shows the items, the free-shipping progress and the totals, with checkout open', async () => {
    signIn().on('GET', '/api/cart/', 200, cartFixture());
    renderCart();

    expect(await screen.findByRole('heading', { name: 'Mayo Scissors, 17 cm' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shopping Cart (2 items)');
    expect(screen.getByText('Add $410.00 more for FREE shipping')).toBeInTheDocument();
    expect(screen.getByText('$180.30')).toBeInTheDocument();
    expect(screen.getByText(/PKR 50,213.55/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
  });

  it('blocks checkout while an item is out of stock', async () => {
    signIn().on(
      'GET',
      '/api/cart/',
      200,
      cartFixture({ items: [cartItemFixture({ available_stock: 0, stock_issue: 'out_of_stock' })], has_stock_issues: true }),
    );
    renderCart();

    expect(await screen.findByText('Cannot Checkout - Out of Stock')).toBeInTheDocument();
    expect(screen.getByText('Please update your cart quantities or remove unavailable items before proceeding.')).toBeInTheDocument();
    expect(screen.getByText(/This item is out of stock/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });

  it('names a short line Insufficient Stock', async () => {
    signIn().on(
      'GET',
      '/api/cart/',
      200,
      cartFixture({ items: [cartItemFixture({ quantity: 4, available_stock: 3, stock_issue: 'insufficient' })], has_stock_issues: true }),
    );
    renderCart();

    expect(await screen.findByText('Insufficient Stock')).toBeInTheDocument();
    expect(screen.getByText(/Only 3 available/)).toBeInTheDocument();
  });

  it('says when the flash-sale price of a line has ended, with the price it is now', async () => {
    const notice = { code: 'FLASH_SALE_ENDED' as const, previous_price: '67.99', price: '84.99' };
    signIn().on('GET', '/api/cart/', 200, cartFixture({
      items: [cartItemFixture({ quantity: 1, unit_price: '84.99', total_price: '84.99', price_notice: notice })],
    }));
    renderCart();

    expect(await screen.findByText('The flash-sale price has ended: now $84.99 each.')).toBeInTheDocument();
  });

  it('disables decrement at 1 and sends an increment as an update', async () => {
    const one = cartFixture({ items: [cartItemFixture({ quantity: 1, total_price: '45.00' })], item_count: 1 });
    const api = signIn().on('GET', '/api/cart/', 200, one).on('PATCH', '/api/cart/items/5/', 200, cartFixture());
    const toast = vi.spyOn(notify, 'success');
    renderCart();

    expect(await screen.findByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/api/cart/items/5/')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/cart/items/5/')[0]!.body).toEqual({ quantity: 2 });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Cart updated', 'Your cart has been updated successfully.'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('(2 items)');
  });

  it('deletes the line when the quantity is set to 0', async () => {
    const api = signIn()
      .on('GET', '/api/cart/', 200, cartFixture())
      .on('DELETE', '/api/cart/items/5/', 200, cartFixture({ items: [], item_count: 0 }));
    renderCart();

    const input = await screen.findByRole('spinbutton', { name: 'Quantity' });
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);

    await waitFor(() => expect(api.callsTo('DELETE', '/api/cart/items/5/')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/cart/items/5/')).toHaveLength(0);
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it("reports the reason from the server's code when an update is refused", async () => {
    signIn()
      .on('GET', '/api/cart/', 200, cartFixture())
      .on('PATCH', '/api/cart/items/5/', 409, {
        detail: 'Not enough (English).', code: 'INSUFFICIENT_STOCK', params: { name: 'Mayo Scissors, 17 cm', available: 2 },
      });
    const toast = vi.spyOn(notify, 'error');
    renderCart();

    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Update failed', 'Only 2 of Mayo Scissors, 17 cm available.'));
  });

  it('suggests what is bought with the first item, from the catalogue, leaving out what is already in the cart', async () => {
    const listItem = (id: number, slug: string, name: string) => ({
      id, slug, name, description: '', short_description: '', category: 'general-surgery', category_name: 'General Surgery',
      category_name_translations: {}, brand: 'Sialkot Surgical', model_number: `M-${id}`, price: '24.00', original_price: null, price_max: '24.00', variant_count: 1, stock_quantity: 8, is_in_stock: true,
      main_image: '', image_srcset: '', certifications: [], average_rating: 0, review_count: 0, handling: [], licence_required: false,
    });
    const detail = {
      ...listItem(11, 'mayo-scissors', 'Mayo Scissors, 17 cm'),
      instrument_type: 'scissors', meta_title: '', meta_description: '', low_stock_threshold: 5, images: [], features: [], specifications: {}, unspsc: '42290000', documents: [],
      related_products: [], flash_sale: null, price_tiers: [], options: [], variants: [],
      frequently_bought_together: [
        listItem(99, 'needle-holder', 'Mayo-Hegar Needle Holder'), listItem(11, 'mayo-scissors', 'Mayo Scissors, 17 cm'),
        { ...listItem(98, 'adson-forceps', 'Adson Tissue Forceps'), price: '11.99', price_max: '19.99', variant_count: 3 },
      ],
    };
    signIn().on('GET', '/api/cart/', 200, cartFixture()).on('GET', '/api/products/mayo-scissors/', 200, detail);
    renderCart();

    const section = await screen.findByRole('region', { name: 'Frequently Bought Together' });
    expect(within(section).getByRole('link', { name: 'Mayo-Hegar Needle Holder' })).toHaveAttribute('href', '/products/needle-holder');
    expect(within(section).getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
    // A product sold in several sizes: its lowest price, and the way to its page to choose one.
    expect(within(section).getByText('from $11.99')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /^Choose size/ })).toHaveAttribute('href', '/products/adson-forceps');
    expect(within(section).queryByText('Mayo Scissors, 17 cm')).not.toBeInTheDocument();
  });

  it('hides Frequently Bought Together when the catalogue has nothing to suggest', async () => {
    signIn().on('GET', '/api/cart/', 200, cartFixture());
    renderCart();

    expect(await screen.findByRole('heading', { name: 'Mayo Scissors, 17 cm' })).toBeInTheDocument();
    expect(screen.queryByText('Frequently Bought Together')).not.toBeInTheDocument();
  });

  it('asks for the texts of the lines, the summary and the suggestions with the page, so that the cart arriving never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    signIn().on('GET', '/api/cart/', 200, cartFixture());
    renderCart();

    await screen.findByRole('heading', { name: 'Mayo Scissors, 17 cm' });
    expect(askedLater(asked, 'cart')).toEqual([]);
  });
});

describe('CartPage in Arabic', () => {
  afterEach(() => setLocale('en'));

  it('shows its own text in Arabic, with the blocked-checkout warning, and keeps product names as they are', async () => {
    setLocale('ar');
    signIn().on('GET', '/api/cart/', 200, cartFixture({
      items: [cartItemFixture({ stock_issue: 'out_of_stock', available_stock: 0 })], has_stock_issues: true,
    }));
    renderCart();

    expect(await screen.findByText('لا يمكن إتمام الشراء - نفد المخزون')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'سلة التسوق (منتجان)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /المتابعة إلى الدفع/ })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Mayo Scissors, 17 cm' })).toBeInTheDocument();
    expect(screen.queryByText('Proceed to Checkout')).not.toBeInTheDocument();
  });
});

describe('CartPage in Urdu', () => {
  afterEach(() => setLocale('en'));

  it("names each line's category in Urdu, and in English where the category has no Urdu", async () => {
    setLocale('ur');
    signIn().on('GET', '/api/cart/', 200, cartFixture({
      items: [
        cartItemFixture(),
        cartItemFixture({ id: 6, product_id: 12, product_name: 'Kelly Hemostat', product_category: 'Staff Made', product_category_translations: {} }),
      ],
    }));
    renderCart();

    const scissors = (await screen.findByRole('heading', { name: 'Mayo Scissors, 17 cm' })).closest('article')!;
    expect(within(scissors).getByText('جنرل سرجری')).toBeInTheDocument();
    expect(within(scissors).queryByText('General Surgery')).not.toBeInTheDocument();
    const hemostat = screen.getByRole('heading', { name: 'Kelly Hemostat' }).closest('article')!;
    expect(within(hemostat).getByText('Staff Made')).toBeInTheDocument();
  });
});
