import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartFixture, cartItemFixture, shippingOptionFixture } from '../test/cart-fixtures.ts';
import { answerLahoreShipping, continueWithMethod, LAHORE_CART } from '../test/checkout-steps.ts';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { askedLater } from '../test/namespaces.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { CheckoutPage } from './checkout-page.tsx';

afterEach(() => {
  setLocale('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PROCESS = '/api/payment/process';
const business = wireUser({
  account_type: 'business',
  profile: { phone: '+92 300 1234567', specialty: '', hospital_name: 'Mayo Hospital', license_number: 'PMC-1', address: 'Jail Road' },
});

function setUp(cart = cartFixture()) {
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  const api = answerLahoreShipping(mockApi().on('GET', '/api/auth/me/', 200, business).on('GET', '/api/cart/', 200, cart), cart);
  const view = renderApp([{ path: '/checkout', Component: CheckoutPage }], { initialEntries: ['/checkout'] });
  return { api, ...view };
}

function idempotencyKeys(api: ReturnType<typeof mockApi>): string[] {
  return api.fetchMock.mock.calls
    .filter(([url]) => String(url) === PROCESS)
    .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']!);
}

async function reachConfirmation() {
  await userEvent.type(await screen.findByRole('textbox', { name: /^City/ }), 'Lahore');
  await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
  await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
  await userEvent.click(await screen.findByRole('radio', { name: /JazzCash/ }));
  await continueWithMethod();
  await userEvent.type(screen.getByLabelText(/^Mobile number/), '03001234567');
  await userEvent.type(screen.getByLabelText(/^Last 6 digits/), '345678');
  await userEvent.type(screen.getByLabelText(/^PIN/), '1234');
  await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
  await screen.findByRole('button', { name: /^Pay/ });
}

describe('CheckoutPage', () => {
  it('prefills the shipping form from the profile and defaults a business account to a hospital order', async () => {
    setUp();

    expect(await screen.findByRole('radio', { name: /Hospital/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('amna@example.com');
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Amna');
    expect(screen.getByRole('textbox', { name: /^Company or hospital/ })).toHaveValue('Mayo Hospital');
    expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue('Jail Road');
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveValue('+92 300 1234567');
  });

  it("checks the shipping fields with the server's messages before payment", async () => {
    setUp();

    await userEvent.clear(await screen.findByRole('textbox', { name: /^Email/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '!');
    await userEvent.clear(screen.getByRole('textbox', { name: /^Phone/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Phone/ }), '12');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));

    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByRole('textbox', { name: /^Postal code/ })).toHaveAccessibleDescription('Enter a valid postal code, such as 54000.');
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAccessibleDescription('Enter a valid phone number (7 to 15 digits).');
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveAccessibleDescription('This field is required.');
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveFocus();
    expect(screen.queryByText('Choose a payment method')).not.toBeInTheDocument();
  });

  it('shows a field its problem once the buyer leaves it, and drops it once put right', async () => {
    setUp();

    await userEvent.type(await screen.findByRole('textbox', { name: /^Postal code/ }), '!');
    expect(screen.getByRole('textbox', { name: /^Postal code/ })).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: /^Postal code/ })).toHaveAccessibleDescription('Enter a valid postal code, such as 54000.');
    expect(screen.getByRole('textbox', { name: /^City/ })).not.toHaveAttribute('aria-invalid');

    await userEvent.clear(screen.getByRole('textbox', { name: /^Postal code/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
    expect(screen.getByRole('textbox', { name: /^Postal code/ })).not.toHaveAttribute('aria-invalid');
  });

  it('shows the shipping problems in Arabic', async () => {
    setUp();
    await screen.findByRole('textbox', { name: /^Email/ });
    act(() => setLocale('ar'));

    await userEvent.click(screen.getByRole('button', { name: /المتابعة إلى الدفع/ }));

    expect(screen.getByRole('textbox', { name: /^المدينة/ })).toHaveAccessibleDescription('هذا الحقل مطلوب.');
  });

  it('fills the shipping form from the saved default address', async () => {
    const { api } = setUp();
    api.on('GET', '/api/addresses/', 200, {
      addresses: [{
        id: 'a-1', label: 'Clinic', email: 'clinic@example.com', firstName: 'Amna', lastName: 'Khan', company: 'Services Hospital',
        address: 'Ghaus-ul-Azam Road', city: 'Lahore', postalCode: '54000', country: 'PK', phone: '+92 42 99203402',
        isDefaultShipping: true, isDefaultBilling: false, createdAt: '2026-01-05T10:00:00.000Z',
      }],
    });

    expect(await screen.findByDisplayValue('Ghaus-ul-Azam Road')).toBe(screen.getByRole('textbox', { name: /^Address/ }));
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveValue('Lahore');
    expect(screen.getByRole('textbox', { name: /^Company or hospital/ })).toHaveValue('Services Hospital');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('clinic@example.com');
  });

  it('keeps the shipping details when the buyer goes back to edit them', async () => {
    setUp();
    await userEvent.type(await screen.findByRole('textbox', { name: /^City/ }), 'Lahore');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));

    expect(screen.getByText('Shipping to Amna Khan')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Edit/ }));
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveValue('Lahore');
    expect(screen.getByRole('textbox', { name: /^Postal code/ })).toHaveValue('54000');
  });

  it('pays the server total with a fresh key and opens the verified result', async () => {
    const { api, router } = setUp();
    api.on('POST', PROCESS, 201, {
      success: true, message: 'Payment successful. Your order has been placed.', transactionId: 'TXN-9', orderId: 'o-1',
      orderNumber: 'SS-1', paymentMethod: 'jazzcash', amount: 50213.55, currency: 'PKR', fee: 0, totalCharged: 50213.55,
    });
    const toast = vi.spyOn(notify, 'success');

    await reachConfirmation();
    await userEvent.click(screen.getByRole('button', { name: /^Pay PKR 50,213.55/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/result'));
    expect(router.state.location.search).toBe('?transaction_id=TXN-9&status=success');
    expect(toast).toHaveBeenCalledWith('Payment successful!', 'Your order has been placed successfully.');
    const [call] = api.callsTo('POST', PROCESS);
    expect(call!.body).toMatchObject({
      paymentMethod: 'jazzcash',
      currency: 'PKR',
      amount: 50213.55,
      paymentData: { mobile: '03001234567', pin: '1234' },
      orderDetails: { orderType: 'hospital', shippingAddress: { city: 'Lahore', postalCode: '54000', company: 'Mayo Hospital' } },
    });
    expect(idempotencyKeys(api)[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("pays on the gateway's page: no details are sent, and the browser posts the gateway's form", async () => {
    const { api } = setUp();
    api.on('GET', '/api/payment/methods/', 200, {
      mode: 'sandbox',
      methods: [{ id: 'credit_card', label: 'Credit or debit card', currencies: ['PKR', 'USD'], direct: true }],
    });
    api.on('POST', PROCESS, 202, {
      success: false, status: 'requires_action', message: 'Continue on the gateway.', transactionId: 'TXN-7', orderId: 'o-7',
      orderNumber: 'SS-7', paymentMethod: 'credit_card',
      next_action: { type: 'redirect', url: 'https://gateway.example/pay', method: 'POST', fields: { token: 'signed' } },
    });
    const submitted = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});

    await userEvent.type(await screen.findByRole('textbox', { name: /^City/ }), 'Lahore');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
    // The methods the gateway offers come in after the step opens: only the card.
    await userEvent.click(await screen.findByRole('radio', { name: /Credit or debit card/ }));
    expect(screen.queryByRole('radio', { name: /JazzCash/ })).not.toBeInTheDocument();
    await continueWithMethod();
    await userEvent.click(screen.getByRole('radio', { name: "Pay on the card provider's secure page" }));
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^Pay PKR/ }));

    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    const form = submitted.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe('https://gateway.example/pay');
    expect(new FormData(form).get('token')).toBe('signed');
    const [call] = api.callsTo('POST', PROCESS);
    expect(call!.body).toMatchObject({ paymentMethod: 'credit_card', currency: 'PKR', amount: 50213.55 });
    expect(call!.body).not.toHaveProperty('paymentData');
    form.remove();
  });

  it('stays on checkout after a decline, says why on the page in the buyer\'s language, and the next attempt gets a new key', async () => {
    const { api, router } = setUp();
    api.on('POST', PROCESS, 402, {
      detail: 'Payment declined: insufficient funds in wallet.', code: 'PAYMENT_DECLINED', params: { reason: 'insufficient_funds' }, transactionId: 'TXN-8',
    });
    const toast = vi.spyOn(notify, 'error');

    await reachConfirmation();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));

    const why = await screen.findByText('The payment was declined: there is not enough money in the account. Nothing was charged.');
    const refusal = why.closest('[role="alert"]');
    expect(refusal).toHaveTextContent('Payment failed');
    expect(screen.queryByText(/insufficient funds in wallet/)).not.toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.getByLabelText(/^Mobile number/)).toHaveValue('');

    act(() => setLocale('ar'));
    expect(refusal).toHaveTextContent('فشل الدفع');
    expect(refusal).toHaveTextContent('رُفضت الدفعة: لا يوجد رصيد كافٍ في الحساب. لم يُخصم أي مبلغ.');
    act(() => setLocale('en'));

    await userEvent.type(screen.getByLabelText(/^Mobile number/), '03001234567');
    await userEvent.type(screen.getByLabelText(/^Last 6 digits/), '345678');
    await userEvent.type(screen.getByLabelText(/^PIN/), '1234');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^Pay/ }));

    await waitFor(() => expect(idempotencyKeys(api)).toHaveLength(2));
    const [first, second] = idempotencyKeys(api);
    expect(first).not.toBe(second);
  });

  it("takes the buyer back to the payment details with a 400's problems on their fields", async () => {
    const { api } = setUp();
    api.on('POST', PROCESS, 400, {
      detail: 'Validation failed',
      errors: { 'paymentData.pin': ['Enter your 4 to 6 digit PIN.'] },
      issues: { 'paymentData.pin': [{ key: 'invalid_pin' }] },
    });
    const toast = vi.spyOn(notify, 'error');

    await reachConfirmation();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));

    expect(await screen.findByLabelText(/^PIN/)).toHaveAccessibleDescription('Enter your 4 to 6 digit PIN.');
    expect(screen.getByLabelText(/^Mobile number/)).toHaveValue('03001234567');
    expect(toast).toHaveBeenCalledWith('Payment failed', 'Enter your 4 to 6 digit PIN.');
  });

  it('reuses the key when the same payment is retried after no answer', async () => {
    const { api } = setUp();
    api.onDeferred('POST', PROCESS, () => Promise.reject(new TypeError('Failed to fetch')));
    const toast = vi.spyOn(notify, 'error');

    await reachConfirmation();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Payment failed', 'Unable to process payment. Please try again.'));
    await userEvent.click(await screen.findByRole('button', { name: /^Pay/ }));

    await waitFor(() => expect(idempotencyKeys(api)).toHaveLength(2));
    const [first, second] = idempotencyKeys(api);
    expect(first).toBe(second);
  });

  it('offers cash on delivery with an option that takes it, adding the courier\'s fee, and says so on the order', async () => {
    localStorage.setItem('token', 'access');
    const tcs = shippingOptionFixture({ name: 'TCS Overnight', carrier: 'tcs', cod: true, cod_fee: '1.50', cod_fee_pkr: '418.00', cod_limit: '1500.00' });
    const api = answerLahoreShipping(mockApi().on('GET', '/api/auth/me/', 200, business).on('GET', '/api/cart/', 200, cartFixture()), cartFixture(), tcs);
    api.on('POST', PROCESS, 201, {
      success: true, message: 'Your order is confirmed. Pay PKR 50,631.55 in cash on delivery.', transactionId: 'TXN-3', orderId: 'o-3',
      orderNumber: 'SS-3', paymentMethod: 'cash_on_delivery', amount: 50213.55, currency: 'PKR', fee: 418, totalCharged: 50631.55,
    });
    const toast = vi.spyOn(notify, 'success');
    renderApp([{ path: '/checkout', Component: CheckoutPage }], { initialEntries: ['/checkout'] });

    await userEvent.type(await screen.findByRole('textbox', { name: /^City/ }), 'Lahore');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
    expect(await screen.findByText('Cash on delivery available: the courier\'s fee is $1.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Cash on delivery/ }));
    await continueWithMethod();
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    expect((await screen.findByText('Cash on delivery fee')).nextSibling).toHaveTextContent('PKR 418.00');
    expect(screen.getByText('Total to pay on delivery').nextSibling).toHaveTextContent('PKR 50,631.55');
    await userEvent.click(screen.getByRole('button', { name: /^Pay PKR 50,631.55/ }));

    await waitFor(() => expect(api.callsTo('POST', PROCESS)).toHaveLength(1));
    expect(api.callsTo('POST', PROCESS)[0]!.body).toMatchObject({
      paymentMethod: 'cash_on_delivery', currency: 'PKR', amount: 50213.55, orderDetails: { shippingOptionId: 1 },
    });
    expect(toast).toHaveBeenCalledWith('Order confirmed', 'Your order is placed: nothing has been charged yet.');
  });

  it('does not offer cash on delivery over the option\'s limit, and names the limit', async () => {
    localStorage.setItem('token', 'access');
    const tcs = shippingOptionFixture({ name: 'TCS Overnight', carrier: 'tcs', cod: true, cod_fee: '1.50', cod_fee_pkr: '418.00', cod_limit: '150.00' });
    answerLahoreShipping(mockApi().on('GET', '/api/auth/me/', 200, business).on('GET', '/api/cart/', 200, cartFixture()), cartFixture(), tcs);
    renderApp([{ path: '/checkout', Component: CheckoutPage }], { initialEntries: ['/checkout'] });

    await userEvent.type(await screen.findByRole('textbox', { name: /^City/ }), 'Lahore');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
    expect(await screen.findByText('Cash on delivery with TCS Overnight is for orders up to $150.00')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /JazzCash/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Cash on delivery/ })).not.toBeInTheDocument();
  });

  it('shows the inventory issue with Review Cart and keeps payment closed', async () => {
    setUp(cartFixture({ items: [cartItemFixture({ quantity: 4, available_stock: 1, stock_issue: 'insufficient' })], has_stock_issues: true }));

    expect(await screen.findByRole('heading', { name: 'Insufficient Stock' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('button', { name: /Continue to Payment/ })).toBeDisabled();
  });

  it('shows the empty cart with Review Cart', async () => {
    setUp(cartFixture({ items: [], item_count: 0 }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review Cart' })).toHaveAttribute('href', '/cart');
  });

  it('shows a cart that cannot be loaded with a retry and Review Cart', async () => {
    localStorage.setItem('token', 'access');
    mockApi().on('GET', '/api/auth/me/', 200, business).on('GET', '/api/cart/', 500, { detail: 'Something went wrong.' });
    renderApp([{ path: '/checkout', Component: CheckoutPage }], { initialEntries: ['/checkout'] });

    expect(await screen.findByRole('heading', { name: 'Unable to load cart' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try Again/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review Cart' })).toHaveAttribute('href', '/cart');
  });

  it('refreshes the cart and asks again when the total has changed', async () => {
    const { api } = setUp();
    api.on('POST', PROCESS, 409, { detail: 'The order total has changed.', code: 'AMOUNT_MISMATCH', amount: 52000, currency: 'PKR' });
    const toast = vi.spyOn(notify, 'warning');

    await reachConfirmation();
    const changed = cartFixture({ grand_total: '186.71', grand_total_pkr: '52000.00' });
    for (const path of ['/api/cart/', LAHORE_CART]) api.onDeferred('GET', path, () => ({ status: 200, body: changed }));
    await userEvent.click(screen.getByRole('button', { name: /^Pay PKR 50,213.55/ }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith('Your order total has changed', expect.stringContaining('PKR 52,000.00')));
    expect(await screen.findByRole('button', { name: /^Pay PKR 52,000.00/ })).toBeEnabled();
  });

  it('asks for the texts of the panels and the forms with the page, so that the cart arriving never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    setUp(cartFixture({ items: [cartItemFixture({ licence_issue: 'no_licence' })], has_licence_issues: true }));

    await screen.findByText('Checkout opens once every item’s licence note is resolved.');
    expect(askedLater(asked, 'checkout')).toEqual([]);
  });
});
