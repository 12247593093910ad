import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import type { CheckoutMethod, OfferedMethod } from '#contracts/payment';
import { ApiError } from '../lib/api.ts';
import { mockApi } from '../test/mock-api.ts';
import { PaymentWidget, type PaymentAttempt } from './payment-widget.tsx';

afterEach(() => {
  setLocale('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cart = { grand_total: '180.30', grand_total_pkr: '50213.55' };

const METHODS = '/api/payment/methods/';

const offered = (id: CheckoutMethod, direct: boolean): OfferedMethod =>
  ({ id, label: id, currencies: id === 'credit_card' ? ['PKR', 'USD'] : ['PKR'], direct });
const SANDBOX = { mode: 'sandbox', methods: (['jazzcash', 'easypaisa', 'hbl_pay', 'credit_card', 'invoice'] as const).map((id) => offered(id, true)) };
const LIVE = { mode: 'live', methods: (['jazzcash', 'easypaisa', 'hbl_pay', 'credit_card', 'invoice'] as const).map((id) => offered(id, false)) };

/** With no list of the shop's methods (it cannot be had), every method takes its details here, as before there was one. */
function renderWidget(onPay = vi.fn(async (): Promise<PaymentAttempt> => 'paid'), { methods }: { methods?: unknown } = {}) {
  const api = mockApi();
  if (methods) api.on('GET', METHODS, 200, methods);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PaymentWidget cart={cart} onPay={onPay} />
    </QueryClientProvider>,
  );
  return onPay;
}

async function chooseMethod(name: RegExp) {
  await userEvent.click(await screen.findByRole('radio', { name }));
  await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
}

async function fillCard() {
  await userEvent.type(screen.getByLabelText(/^Card number/), '4242424242424242');
  await userEvent.type(screen.getByLabelText(/^Expiry/), '1299');
  await userEvent.type(screen.getByLabelText(/^CVV/), '123');
  await userEvent.type(screen.getByLabelText(/^Name on card/), 'Amna Khan');
}

describe('PaymentWidget', () => {
  it('keeps Continue disabled until a method is chosen', async () => {
    renderWidget();

    expect(screen.getByRole('button', { name: /Continue/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /JazzCash/ }));
    expect(screen.getByRole('button', { name: /Continue/ })).toBeEnabled();
  });

  it('refuses to go on with missing details', async () => {
    const toast = vi.spyOn(notify, 'error');
    renderWidget();

    await userEvent.click(screen.getByRole('radio', { name: /Easypaisa/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '03001234567');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));

    await waitFor(() => expect(toast).toHaveBeenCalledWith('Incomplete payment information', 'Please fill in all required payment details.'));
    expect(screen.getByLabelText(/^PIN/)).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/^Mobile number/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Total to be charged')).not.toBeInTheDocument();
  });

  it("checks the details with the server's rules", async () => {
    renderWidget();

    await userEvent.click(screen.getByRole('radio', { name: /JazzCash/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '12345');
    await userEvent.type(screen.getByLabelText(/^PIN/), '12');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));

    await waitFor(() => expect(screen.getByLabelText(/^Mobile number/)).toHaveAccessibleDescription('Enter a mobile number like 03001234567.'));
    expect(screen.getByLabelText(/^PIN/)).toHaveAccessibleDescription('Enter your 4 to 6 digit PIN.');
    expect(screen.queryByText('Total to be charged')).not.toBeInTheDocument();
  });

  it('gives the problems in Arabic', async () => {
    renderWidget();
    act(() => setLocale('ar'));

    await userEvent.click(screen.getByRole('radio', { name: /JazzCash/ }));
    await userEvent.click(screen.getByRole('button', { name: /متابعة/ }));
    await userEvent.type(screen.getByLabelText(/^رقم الجوال/), '12345');
    await userEvent.type(screen.getByLabelText(/^رمز PIN/), '1234');
    await userEvent.click(screen.getByRole('button', { name: /مراجعة الدفع/ }));

    expect(screen.getByLabelText(/^رقم الجوال/)).toHaveAccessibleDescription('أدخل رقم جوال مثل 03001234567.');
  });

  it("goes back to the details with the server's problems on their fields, keeping what was typed", async () => {
    const refused = new ApiError(400, 'Validation failed', { 'paymentData.cardNumber': ['That card number looks wrong.'] }, {
      fieldIssues: { 'paymentData.cardNumber': [{ key: 'invalid_card_number' }] },
    });
    renderWidget(vi.fn(async (): Promise<PaymentAttempt> => ({ invalid: refused })));

    await userEvent.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^Pay/ }));

    expect(await screen.findByLabelText(/^Card number/)).toHaveAccessibleDescription('Enter a valid card number.');
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(/^Name on card/)).toHaveValue('Amna Khan');
  });

  it('keeps card details out of storage and out of the console', async () => {
    const logged = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) => vi.spyOn(console, level));
    renderWidget(vi.fn(async (): Promise<PaymentAttempt> => 'retry'));

    await userEvent.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^Pay/ }));

    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie + window.location.href;
    expect(stored).not.toMatch(/4242|Amna Khan/);
    expect(stored).not.toContain('123');
    expect(JSON.stringify(logged.flatMap((spy) => spy.mock.calls))).not.toMatch(/4242|Amna Khan/);
  });

  it('formats the card number and shows the 2.5% card fee in rupees by default', async () => {
    const onPay = renderWidget();

    await userEvent.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await fillCard();
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(/^Expiry/)).toHaveValue('12/99');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));

    expect(await screen.findByText('PKR 50,213.55')).toBeInTheDocument();
    expect(screen.getByText('Card processing fee (2.5%)')).toBeInTheDocument();
    expect(screen.getByText('PKR 1,255.34')).toBeInTheDocument();
    expect(screen.getByText('PKR 51,468.89')).toBeInTheDocument();
    expect(screen.getByText('Card ending 4242')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Pay PKR 51,468.89/ }));
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    expect(onPay.mock.calls[0]).toEqual([
      {
        paymentMethod: 'credit_card',
        currency: 'PKR',
        amount: 50213.55,
        paymentData: { cardNumber: '4242424242424242', expiry: '12/99', cvv: '123', cardName: 'Amna Khan' },
      },
    ]);
  });

  it('charges a card in dollars when the buyer chooses USD', async () => {
    const onPay = renderWidget();

    await userEvent.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'USD' }));
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));

    expect(await screen.findByText('$180.30')).toBeInTheDocument();
    expect(screen.getByText('$4.51')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Pay \$184.81/ }));
    await waitFor(() => expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ currency: 'USD', amount: 180.3 })));
  });

  it('offers no currency choice and no fee for a wallet', async () => {
    renderWidget();

    await userEvent.click(screen.getByRole('radio', { name: /JazzCash/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    expect(screen.queryByRole('radio', { name: 'USD' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '03001234567');
    await userEvent.type(screen.getByLabelText(/^Last 6 digits/), '345678');
    await userEvent.type(screen.getByLabelText(/^PIN/), '1234');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));

    expect(await screen.findByRole('button', { name: /^Pay PKR 50,213.55/ })).toBeEnabled();
    expect(screen.queryByText(/processing fee/)).not.toBeInTheDocument();
  });

  it('shows the processing state, then clears the details after a refused attempt and says why until the next', async () => {
    let settle: (attempt: PaymentAttempt) => void = () => {};
    renderWidget(vi.fn(() => new Promise<PaymentAttempt>((resolve) => (settle = resolve))));

    await userEvent.click(screen.getByRole('radio', { name: /HBL Pay/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await userEvent.type(screen.getByLabelText(/^Account number/), '12345678901');
    await userEvent.type(screen.getByLabelText(/^Bank PIN/), '0000');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^Pay/ }));

    expect(screen.getByRole('button', { name: /Processing payment/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Back/ })).toBeDisabled();
    settle({ refused: new ApiError(402, 'Payment declined: insufficient funds in account.', {}, { code: 'PAYMENT_DECLINED', params: { reason: 'card_declined' } }) });

    expect(await screen.findByLabelText(/^Account number/)).toHaveValue('');
    expect(screen.getByLabelText(/^Bank PIN/)).toHaveValue('');
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined. Nothing was charged; try another card or payment method.');
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    await userEvent.click(screen.getByRole('radio', { name: /JazzCash/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back a stage at a time', async () => {
    renderWidget();

    await userEvent.click(screen.getByRole('radio', { name: /JazzCash/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('radio', { name: /JazzCash/ })).toBeChecked();
  });

  it("offers the gateway's own page beside the typed details, and sends no details for it", async () => {
    const onPay = renderWidget(undefined, { methods: SANDBOX });

    await chooseMethod(/JazzCash/);
    const ways = screen.getByRole('group', { name: 'How would you like to pay?' });
    expect(within(ways).getByRole('radio', { name: 'Enter details here' })).toBeChecked();
    expect(screen.getByLabelText(/^PIN/)).toBeInTheDocument();
    await userEvent.click(within(ways).getByRole('radio', { name: "Pay on JazzCash's secure page" }));
    expect(screen.queryByLabelText(/^Mobile number/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^PIN/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));

    expect(await screen.findByText('Paid on its secure page next')).toBeInTheDocument();
    expect(screen.queryByText(/ending/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Pay PKR 50,213.55/ }));
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    expect(onPay).toHaveBeenCalledWith({ paymentMethod: 'jazzcash', currency: 'PKR', amount: 50213.55 });
    expect((onPay.mock.calls[0] as unknown[])[0]).not.toHaveProperty('paymentData');
  });

  it("pays a card on its gateway's page without a masked card, keeping the typed card's fee and currency", async () => {
    const onPay = renderWidget(undefined, { methods: SANDBOX });

    await chooseMethod(/Credit or debit card/);
    await userEvent.click(screen.getByRole('radio', { name: 'USD' }));
    await userEvent.click(screen.getByRole('radio', { name: "Pay on the card provider's secure page" }));
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));

    expect(await screen.findByText("You enter your payment details on the gateway's own secure page, never on this site.")).toBeInTheDocument();
    expect(screen.queryByText(/Card ending/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Pay \$184.81/ }));
    await waitFor(() => expect(onPay).toHaveBeenCalledWith({ paymentMethod: 'credit_card', currency: 'USD', amount: 180.3 }));
  });

  it("takes a card and HBL Pay only on the gateway's page in live mode", async () => {
    const onPay = renderWidget(undefined, { methods: LIVE });

    await chooseMethod(/Credit or debit card/);
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^CVV/)).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Enter details here' })).not.toBeInTheDocument();
    expect(screen.getByText(/taken to the payment provider's secure page/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));

    await chooseMethod(/HBL Pay/);
    expect(screen.queryByLabelText(/^Account number/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Bank PIN/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    expect(await screen.findByText('Paid on its secure page next')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Pay PKR 50,213.55/ }));

    await waitFor(() => expect(onPay).toHaveBeenCalledWith({ paymentMethod: 'hbl_pay', currency: 'PKR', amount: 50213.55 }));
  });

  it('asks a wallet only for its mobile number in live mode, to be approved in its app', async () => {
    const onPay = renderWidget(undefined, { methods: LIVE });

    await chooseMethod(/Easypaisa/);
    expect(screen.queryByLabelText(/^PIN/)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'How would you like to pay?' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile number/)).toHaveAccessibleDescription('Then approve the payment in your Easypaisa app.');
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '12345');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    await waitFor(() => expect(screen.getByLabelText(/^Mobile number/)).toHaveAccessibleDescription(/Enter a mobile number like 03001234567\./));
    await userEvent.clear(screen.getByLabelText(/^Mobile number/));
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '03451234567');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));

    expect(await screen.findByText('Wallet ending 4567 · approved in the app')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Pay PKR 50,213.55/ }));
    await waitFor(() => expect(onPay).toHaveBeenCalledWith({
      paymentMethod: 'easypaisa', currency: 'PKR', amount: 50213.55, paymentData: { mobile: '03451234567' },
    }));
  });

  it('offers only the methods the shop lists', async () => {
    renderWidget(undefined, { methods: { mode: 'live', methods: [offered('jazzcash', false), offered('credit_card', false)] } });

    expect(await screen.findByRole('radio', { name: /JazzCash/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('radio', { name: /HBL Pay/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('radio', { name: /Easypaisa/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Credit or debit card/ })).toBeInTheDocument();
  });

  it("names the gateway's page in Arabic", async () => {
    renderWidget(undefined, { methods: SANDBOX });
    act(() => setLocale('ar'));

    await userEvent.click(await screen.findByRole('radio', { name: /JazzCash/ }));
    await userEvent.click(screen.getByRole('button', { name: /متابعة/ }));
    expect(screen.getByRole('radio', { name: 'ادفع عبر صفحة JazzCash الآمنة' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'أدخل البيانات هنا' })).toBeChecked();
  });
});
