import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '#contracts/organisations';
import { cartFixture } from '../test/cart-fixtures.ts';
import { CheckoutPage } from '../checkout/checkout-page.tsx';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { answerLahoreShipping, continueWithMethod } from '../test/checkout-steps.ts';
import { renderApp } from '../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MINE = '/api/organisations/mine/';
const organisation = (overrides: Partial<Organisation> = {}): Organisation => ({
  id: 'org-1', name: 'Mayo Hospital', licence_number: 'PMC-1', status: 'verified', rejection_reason: null,
  submitted_at: '2026-01-02T10:00:00.000Z', reviewed_at: '2026-01-03T10:00:00.000Z', account_manager: null,
  payment_terms: 'net30', credit_limit: '5000.00', credit_used: '0.00', credit_available: '5000.00', can_pay_by_invoice: true,
  price_contract: { number: '', starts_on: null, ends_on: null, in_force: true },
  ...overrides,
});
const business = wireUser({
  account_type: 'business',
  profile: { phone: '+92 300 1234567', specialty: '', hospital_name: 'Mayo Hospital', license_number: 'PMC-1', address: 'Jail Road' },
});

async function paymentMethods(user: object, mine?: { organisation: Organisation | null }) {
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  const api = answerLahoreShipping(mockApi().on('GET', '/api/auth/me/', 200, user).on('GET', '/api/cart/', 200, cartFixture()));
  if (mine) api.on('GET', MINE, 200, mine);
  renderApp([{ path: '/checkout', Component: CheckoutPage }], { initialEntries: ['/checkout'] });
  await userEvent.type(await screen.findByRole('textbox', { name: /^City/ }), 'Lahore');
  await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
  await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
  await screen.findByRole('radio', { name: /JazzCash/ });
  return api;
}

describe('the checkout’s Pay by invoice option', () => {
  it('is offered to an organisation approved for payment terms', async () => {
    await paymentMethods(business, { organisation: organisation() });
    expect(await screen.findByRole('radio', { name: /Pay by invoice/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Pay by invoice/ }));
    await continueWithMethod();
    expect(screen.getByRole('button', { name: /Review Payment/ })).toBeEnabled();
  });

  it('is hidden from an organisation without terms or not verified', async () => {
    await paymentMethods(business, { organisation: organisation({ payment_terms: 'none', can_pay_by_invoice: false }) });
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.queryByRole('radio', { name: /Pay by invoice/ })).not.toBeInTheDocument();
  });

  it('is hidden from individual accounts, which never ask for an organisation', async () => {
    const api = await paymentMethods(wireUser({
      profile: { phone: '+92 300 1234567', specialty: 'general', hospital_name: '', license_number: '', address: 'Jail Road' },
    }));
    expect(screen.queryByRole('radio', { name: /Pay by invoice/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', MINE)).toHaveLength(0);
  });
});
