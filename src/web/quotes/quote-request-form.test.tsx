import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductListItem } from '#contracts/catalog';
import type { Quote } from '#contracts/quotes';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { quoteFixture } from './quote-fixtures.ts';
import { QuoteRequestForm } from './quote-request-form.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

const kelly: ProductListItem = {
  id: 7, slug: 'kelly-hemostat', name: 'Kelly Hemostat', description: '', short_description: '', category: 'general-surgery',
  category_name: 'General Surgery', category_name_translations: {}, brand: 'Zenith', model_number: 'ZI-200', price: '18.00',
  original_price: null, price_max: '18.00', variant_count: 1, stock_quantity: 90, is_in_stock: true, main_image: '', image_srcset: '', certifications: [], average_rating: 0,
  review_count: 0, handling: [], licence_required: false,
};
const metzenbaum: ProductListItem = {
  ...kelly, id: 8, slug: 'metzenbaum-scissors', name: 'Metzenbaum Scissors', model_number: 'MZ-14', price: '24.00', price_max: '31.00', variant_count: 2,
};
const variant = (id: number, label: string, model: string, price: string) => ({
  id, model_number: model, gtin: null, options: { Length: label }, label, label_translations: {}, price, original_price: null, is_in_stock: true, available_stock: 9,
  low_stock_threshold: 5, image: null, price_tiers: [], volume_prices: [], next_lot_expiry: null, regulatory: null, contents_sheet: null,
});
const metzenbaumDetail = {
  ...metzenbaum, instrument_type: 'scissors', meta_title: '', meta_description: '', low_stock_threshold: 5, images: [], features: [], specifications: {}, documents: [],
  unspsc: '42290000', related_products: [], frequently_bought_together: [], flash_sale: null, price_tiers: [],
  options: [{ name: 'Length', values: ['14 cm', '18 cm'], name_translations: {}, value_translations: {} }],
  variants: [variant(81, '14 cm', 'MZ-14', '24.00'), variant(82, '18 cm', 'MZ-18', '31.00')],
};
const QUOTES = '/api/quotes/';
const SEARCH = '/api/products/?search=Kelly&page_size=6&ordering=name';

const quote: Quote = quoteFixture({ status: 'requested', valid_until: null, lines: [], sent_at: null });

function renderForm(prefill: ProductListItem | null = kelly, quantity = 60, variantId?: number) {
  const api = mockApi().on('GET', '/api/products/metzenbaum-scissors/', 200, metzenbaumDetail);
  const view = renderRoute(() => <QuoteRequestForm prefill={prefill} quantity={quantity} variantId={variantId} />, { path: '/quotes/new', url: '/quotes/new' });
  return { api, ...view };
}

const deliveryCity = () => screen.getByRole('textbox', { name: /Delivery city/ });
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send Request' }));

describe('the quote request form', () => {
  it('shows each problem under its field and sends nothing', async () => {
    const { api } = renderForm(null);
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Quantity' }));
    await send();

    expect(screen.getByRole('searchbox', { name: 'Product' })).toHaveAccessibleDescription('Choose a product.');
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveAccessibleDescription('Enter a whole number from 1 to 100,000.');
    expect(deliveryCity()).toHaveAccessibleDescription('This field is required.');
    expect(notify.error).toHaveBeenCalledWith('Request failed', 'Please correct the highlighted fields.');
    expect(api.callsTo('POST', QUOTES)).toHaveLength(0);
  });

  it('finds a product already on the request on a second line', async () => {
    const { api } = renderForm();
    api.on('GET', SEARCH, 200, { results: [kelly], count: 1, next: null, previous: null, page: 1, page_size: 6, total_pages: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Add another product' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Product' }), 'Kelly');
    await userEvent.click(await screen.findByRole('button', { name: /^Kelly Hemostat ZI-200/ }));
    await userEvent.type(deliveryCity(), 'Lahore');
    await send();

    const [, second] = screen.getAllByRole('button', { name: 'Change' });
    expect(second).toHaveAccessibleDescription('This product is already on the request: change its quantity instead.');
    expect(api.callsTo('POST', QUOTES)).toHaveLength(0);
  });

  it('sends the lines, the city and the notes, then opens the quote', async () => {
    const { api, router } = renderForm();
    api.on('POST', QUOTES, 201, { quote });
    await userEvent.type(deliveryCity(), ' Lahore ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'Gate 3.');
    await send();

    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/quotes/${quote.id}`));
    expect(api.callsTo('POST', QUOTES)[0]!.body).toEqual({ lines: [{ product_id: 7, quantity: 60 }], delivery_city: 'Lahore', notes: 'Gate 3.' });
    expect(notify.success).toHaveBeenCalledWith('Quote requested', 'We will price Q-7K3M9QXA and email you when it is ready.');
  });

  it('asks which size or version of a product with several, and sends it with the product', async () => {
    const { api } = renderForm(metzenbaum, 20);
    api.on('POST', QUOTES, 201, { quote });
    await waitFor(() => expect(screen.getByRole('option', { name: '18 cm · MZ-18 · $31.00 each' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Size or version/ }), '82');
    await userEvent.type(deliveryCity(), 'Lahore');
    await send();

    await waitFor(() => expect(api.callsTo('POST', QUOTES)).toHaveLength(1));
    expect(api.callsTo('POST', QUOTES)[0]!.body).toMatchObject({ lines: [{ product_id: 8, variant_id: 82, quantity: 20 }] });
  });

  it('starts with the size chosen on the product page', async () => {
    const { api } = renderForm(metzenbaum, 60, 82);
    api.on('POST', QUOTES, 201, { quote });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Size or version/ })).toHaveValue('82'));
    await userEvent.type(deliveryCity(), 'Lahore');
    await send();
    await waitFor(() => expect(api.callsTo('POST', QUOTES)).toHaveLength(1));
    expect(api.callsTo('POST', QUOTES)[0]!.body).toMatchObject({ lines: [{ product_id: 8, variant_id: 82, quantity: 60 }] });
  });

  it('shows the options still to choose under the size when the server asks for them', async () => {
    const { api } = renderForm(metzenbaum, 20);
    api.on('POST', QUOTES, 400, {
      detail: 'Validation failed', errors: { 'lines.0.variant_id': ['Choose Length.'] },
      issues: { 'lines.0.variant_id': [{ key: 'choose_options', params: { options: 'Length' }, message: 'Choose Length.' }] },
    });
    await userEvent.type(deliveryCity(), 'Lahore');
    await send();

    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Size or version/ })).toHaveAccessibleDescription('Choose Length.'));
  });

  it("puts the server's problems on their lines and fields", async () => {
    const { api } = renderForm();
    api.on('POST', QUOTES, 400, {
      detail: 'Validation failed',
      errors: { 'lines.0.product_id': ['Product not found.'], delivery_city: ['Enter at most 100 characters.'] },
      issues: { 'lines.0.product_id': [{ key: 'invalid' }], delivery_city: [{ key: 'too_long', params: { max: 100 } }] },
    });
    await userEvent.type(deliveryCity(), 'Lahore');
    await send();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Change' })).toHaveAccessibleDescription('This product is no longer sold.'));
    expect(deliveryCity()).toHaveAccessibleDescription('Enter at most 100 characters.');
    expect(notify.error).toHaveBeenCalledWith('Request failed', 'Please correct the highlighted fields.');
  });

  it('tells a buyer whose email is not verified what to do (EMAIL_NOT_VERIFIED)', async () => {
    const { api } = renderForm();
    api.on('POST', QUOTES, 403, { detail: 'Verify your email address first.', code: 'EMAIL_NOT_VERIFIED' });
    await userEvent.type(deliveryCity(), 'Lahore');
    await send();

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(
      'Verify your email first', 'Confirm your email address from the link we sent you, then request your quote.'));
  });

  it('shows its problems in Arabic', async () => {
    renderForm(kelly, 0);
    act(() => setLocale('ar'));
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الطلب' }));

    expect(screen.getByRole('spinbutton', { name: 'الكمية' })).toHaveAccessibleDescription('أدخل عددًا صحيحًا من ١ إلى ١٠٠٬٠٠٠.');
    expect(screen.getByRole('textbox', { name: /مدينة التسليم/ })).toHaveAccessibleDescription('هذا الحقل مطلوب.');
  });
});
