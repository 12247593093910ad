import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../auth/require-auth.tsx';
import { i18n } from '../i18n/i18n.ts';
import { askedLater } from '../test/namespaces.ts';
import { membersAnswer, organisationMember } from '../organisation-members/member-fixtures.ts';
import { departmentAddress, departmentFixture } from '../organisation-purchasing/department-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { payByJazzCash } from '../test/checkout-steps.ts';
import { renderApp } from '../test/render-app.tsx';
import { quoteFixture, quoteLineFixture } from './quote-fixtures.ts';
import { QuotePage } from './quote-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const quote = quoteFixture({
  totals: { subtotal: '560.00', tax_amount: '0.00', shipping_amount: '0.00', grand_total: '560.00', exchange_rate: '278.50', grand_total_pkr: '155960.00' },
});
const ACCEPT = `/api/quotes/${quote.id}/accept/`;
const cardiac = departmentFixture({ ship_to: [departmentAddress({ address: 'Cardiac Block, Hospital Road' })], po_required: true });

/** The buyer's quote page behind the sign-in guard, as the app routes it. */
const renderQuotePage = (id: string) => renderApp(
  [{ Component: RequireAuth, children: [{ path: '/profile/quotes/:id', Component: QuotePage }] }], { initialEntries: [`/profile/quotes/${id}`] },
);

/** Usman, a buyer of Mayo Hospital ordering for its Cardiac Theatre, opens his sent quote and starts accepting it. */
async function openAsMember() {
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  const api = mockApi()
    .on('GET', '/api/auth/me/', 200, wireUser({ account_type: 'business' }))
    .on('GET', `/api/quotes/${quote.id}`, 200, { quote })
    .on('GET', '/api/organisation/departments/', 200, { departments: [cardiac], po_required: false })
    .on('GET', '/api/organisation/members/', 200,
      membersAnswer('buyer', [organisationMember({ id: 5, email: 'usman@mayo.example', role: 'buyer', is_you: true })]));
  renderQuotePage(quote.id);
  await userEvent.click(await screen.findByRole('button', { name: 'Accept and Pay' }));
  return api;
}

const poField = () => screen.getByRole('textbox', { name: /^Purchase-order number/ });
const departmentField = () => screen.getByRole('combobox', { name: /^Department/ });

describe('accepting a quote as a member of a department', () => {
  it('asks for the department and the PO number its department requires, and sends them with the acceptance', async () => {
    const api = await openAsMember();
    api.on('POST', ACCEPT, 201, {
      success: true, message: 'Payment successful. Your order has been placed.', transactionId: 'TXN-1', orderId: 'ord-1',
      orderNumber: 'SS-ABC123', paymentMethod: 'jazzcash', amount: 155960, currency: 'PKR', fee: 0, totalCharged: 155960,
    });
    await waitFor(() => expect(departmentField()).toHaveValue('1'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue('Cardiac Block, Hospital Road'));
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'Lahore');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
    expect(poField()).toHaveAccessibleDescription(/Enter your purchase-order number\./);
    expect(screen.queryByRole('radio', { name: /JazzCash/ })).not.toBeInTheDocument();

    await userEvent.type(poField(), 'PO-118');
    await payByJazzCash();
    await waitFor(() => expect(api.callsTo('POST', ACCEPT)).toHaveLength(1));
    expect(api.callsTo('POST', ACCEPT)[0]!.body).toMatchObject({
      amount: 155960, orderDetails: { poNumber: 'PO-118', departmentId: 1, shippingAddress: { address: 'Cardiac Block, Hospital Road' } },
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment/result?transaction_id=TXN-1&status=success');
  });

  it('asks for the texts of the acceptance with the page, so that pressing Accept never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    await openAsMember();
    await screen.findByRole('button', { name: /Continue to Payment/ });
    // The sign-in guard's own words come with the guard.
    expect(askedLater(asked, 'quotes')).toEqual(['auth']);
  });

  it("puts the server's refusals of the department and PO number back on their fields", async () => {
    const api = await openAsMember();
    api.on('POST', ACCEPT, 400, {
      detail: 'Validation failed',
      errors: { 'orderDetails.departmentId': ['Choose one of your departments.'], 'orderDetails.poNumber': ['Enter your purchase-order number.'] },
      issues: { 'orderDetails.departmentId': [{ key: 'invalid' }], 'orderDetails.poNumber': [{ key: 'po_required' }] },
    });
    await waitFor(() => expect(departmentField()).toHaveValue('1'));
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'Lahore');
    await userEvent.type(poField(), 'PO-118');
    await payByJazzCash();

    await waitFor(() => expect(departmentField()).toHaveAccessibleDescription('Choose one of your departments.'));
    expect(poField()).toHaveAccessibleDescription(/Enter your purchase-order number\./);
  });
});

describe('accepting a quote the shop cannot supply in full', () => {
  const totals = (grand_total: string) => ({
    subtotal: grand_total, tax_amount: '0.00', shipping_amount: '0.00', grand_total, exchange_rate: '278.50',
    grand_total_pkr: (Number(grand_total) * 278.5).toFixed(2),
  });
  const short = quoteFixture({
    lines: [quoteLineFixture({ product_name: 'Langenbeck Retractor', quantity: 100, available: 39, unit_price: '20.00', line_total: '2000.00' })],
    totals: totals('2000.00'),
    available_totals: totals('780.00'),
  });

  function openAsBuyer(answer: typeof short) {
    localStorage.setItem('token', 'access');
    const api = mockApi()
      .on('GET', '/api/auth/me/', 200, wireUser({ account_type: 'business' }))
      .on('GET', `/api/quotes/${answer.id}`, 200, { quote: answer });
    renderQuotePage(answer.id);
    return api;
  }

  it('offers what is in stock at the quoted prices, and pays its total for those quantities', async () => {
    const api = openAsBuyer(short);
    expect(await screen.findByText(/You can accept what is in stock, at the quoted prices: \$780\.00 in all/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and Pay' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept What Is in Stock and Pay' }));
    expect(screen.getByText(/Your order is placed for what is in stock now, at the quoted prices: \$780\.00/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Address/ }), 'Jail Road');
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'Lahore');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
    await payByJazzCash();
    await waitFor(() => expect(api.callsTo('POST', `/api/quotes/${short.id}/accept/`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/quotes/${short.id}/accept/`)[0]!.body).toMatchObject({ quantities: 'available', amount: 217230 });
  });

  it('says a quote with nothing in stock cannot be accepted yet, and offers only to decline it', async () => {
    openAsBuyer({ ...short, lines: [{ ...short.lines[0]!, available: 0 }], available_totals: null });
    expect(await screen.findByText(/None of the products on this quote is in stock now/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });
});
