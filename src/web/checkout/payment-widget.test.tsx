import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { ApiError } from '../lib/api.ts';
import { PaymentWidget, type PaymentAttempt } from './payment-widget.tsx';

afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
});

const cart = { grand_total: '180.30', grand_total_pkr: '50213.55' };

function renderWidget(onPay = vi.fn(async (): Promise<PaymentAttempt> => 'paid')) {
  render(<PaymentWidget cart={cart} onPay={onPay} />);
  return onPay;
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

    expect(toast).toHaveBeenCalledWith('Incomplete payment information', 'Please fill in all required payment details.');
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

    expect(screen.getByLabelText(/^Mobile number/)).toHaveAccessibleDescription('Enter a mobile number like 03001234567.');
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
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));

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
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));

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

    expect(screen.getByText('PKR 50,213.55')).toBeInTheDocument();
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

    expect(screen.getByText('$180.30')).toBeInTheDocument();
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
    await userEvent.type(screen.getByLabelText(/^PIN/), '1234');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));

    expect(screen.queryByText(/processing fee/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay PKR 50,213.55/ })).toBeEnabled();
  });

  it('shows the processing state, then clears the details after a refused attempt and says why until the next', async () => {
    let settle: (attempt: PaymentAttempt) => void = () => {};
    renderWidget(vi.fn(() => new Promise<PaymentAttempt>((resolve) => (settle = resolve))));

    await userEvent.click(screen.getByRole('radio', { name: /HBL Pay/ }));
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await userEvent.type(screen.getByLabelText(/^Account number/), '12345678901');
    await userEvent.type(screen.getByLabelText(/^Bank PIN/), '0000');
    await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));

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
});
