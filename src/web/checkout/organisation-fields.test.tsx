import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Department } from '#contracts/organisation-purchasing';
import { cartFixture } from '../test/cart-fixtures.ts';
import { membersAnswer, organisationMember } from '../organisation-members/member-fixtures.ts';
import { departmentAddress, departmentFixture } from '../organisation-purchasing/department-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { answerLahoreShipping, payByJazzCash } from '../test/checkout-steps.ts';
import { renderApp } from '../test/render-app.tsx';
import { CheckoutPage } from './checkout-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PROCESS = '/api/payment/process';
const DEPARTMENTS = '/api/organisation/departments/';
const business = wireUser({
  account_type: 'business',
  profile: { phone: '+92 300 1234567', specialty: '', hospital_name: 'Mayo Hospital', license_number: 'PMC-1', address: 'Jail Road' },
});

const address = departmentAddress;
const department = departmentFixture;
const cardiac = department({
  ship_to: [address({ address: 'Cardiac Block, Hospital Road' }), address({ address: 'Theatre Store, Nila Gumbad', postalCode: '54001' })],
});
const ortho = department({ id: 2, name: 'Orthopaedics', cost_centre: '', ship_to: [address({ address: 'Ortho Wing' })], po_required: true });
const dental = department({ id: 3, name: 'Dental', member_ids: [9], ship_to: [address({ address: 'Dental College' })] });

function setUp(departments: Department[] | null, poRequired = false) {
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  const api = answerLahoreShipping(mockApi().on('GET', '/api/auth/me/', 200, business).on('GET', '/api/cart/', 200, cartFixture()));
  if (departments) {
    api.on('GET', DEPARTMENTS, 200, { departments, po_required: poRequired });
    api.on('GET', '/api/organisation/members/', 200,
      membersAnswer('buyer', [organisationMember({ id: 5, email: 'amna@example.com', role: 'buyer', is_you: true })]));
  }
  renderApp([{ path: '/checkout', Component: CheckoutPage }], { initialEntries: ['/checkout'] });
  return api;
}

const poField = () => screen.getByRole('textbox', { name: /^Purchase-order number/ });

describe('the checkout of a member of an organisation', () => {
  it('shows nothing of an organisation to someone in none', async () => {
    const api = setUp(null);
    await screen.findByRole('textbox', { name: /^City/ });
    await waitFor(() => expect(api.callsTo('GET', DEPARTMENTS)).toHaveLength(1));
    expect(screen.queryByTestId('organisation-fields')).not.toBeInTheDocument();
  });

  it('requires the purchase-order number where the organisation does, before payment opens', async () => {
    setUp([], true);
    await waitFor(() => expect(poField()).toBeRequired());
    expect(screen.queryByRole('combobox', { name: /^Department/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'Lahore');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
    expect(poField()).toHaveAccessibleDescription(/Enter your purchase-order number\./);
    expect(screen.queryByText('Choose a payment method')).not.toBeInTheDocument();
  });

  it("offers only the member's departments, and only the chosen department's delivery addresses", async () => {
    setUp([cardiac, ortho, dental]);
    const select = await screen.findByRole('combobox', { name: /^Department/ });
    expect(within(select).getAllByRole('option').map((option) => option.textContent))
      .toEqual(['Choose a department', 'Cardiac Theatre (cost centre CC-410)', 'Orthopaedics']);
    expect(poField()).not.toBeRequired();

    await userEvent.selectOptions(select, '1');
    const delivery = screen.getByRole('combobox', { name: /^Delivery address/ });
    expect(within(delivery).getAllByRole('option').map((option) => option.textContent))
      .toEqual(['Mayo Hospital, Cardiac Block, Hospital Road, Lahore 54000', 'Mayo Hospital, Theatre Store, Nila Gumbad, Lahore 54001']);
    expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue('Cardiac Block, Hospital Road');

    await userEvent.selectOptions(delivery, '1');
    expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue('Theatre Store, Nila Gumbad');
    expect(screen.getByRole('textbox', { name: /^Postal code/ })).toHaveValue('54001');

    // A department that wants PO numbers makes the field required.
    await userEvent.selectOptions(select, '2');
    expect(poField()).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue('Ortho Wing');
  });

  it('asks for the department before payment opens', async () => {
    setUp([cardiac, ortho]);
    await screen.findByRole('combobox', { name: /^Department/ });
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'Lahore');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '54000');
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Department/ })).toHaveAccessibleDescription('Choose the department this order is for.'));
    expect(screen.queryByText('Choose a payment method')).not.toBeInTheDocument();
  });

  it('sends the PO number and department with the order', async () => {
    const api = setUp([cardiac]);
    api.on('POST', PROCESS, 202, { success: false, approvalRequired: true, requestId: 4, message: 'Sent for approval.' });
    // The only department is chosen at once, with its first address.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue('Cardiac Block, Hospital Road'));
    await userEvent.type(poField(), 'PO-118');
    await payByJazzCash();
    await waitFor(() => expect(api.callsTo('POST', PROCESS)).toHaveLength(1));
    expect(api.callsTo('POST', PROCESS)[0]!.body).toMatchObject({
      orderDetails: { poNumber: 'PO-118', departmentId: 1, shippingAddress: { address: 'Cardiac Block, Hospital Road', postalCode: '54000' } },
    });
  });

  it("puts the server's refusals back on the organisation's fields", async () => {
    const api = setUp([cardiac]);
    api.on('POST', PROCESS, 400, {
      detail: 'Validation failed',
      errors: { 'orderDetails.poNumber': ['Enter your purchase-order number.'], 'orderDetails.shippingAddress': ["Choose one of your department's delivery addresses."] },
      issues: { 'orderDetails.poNumber': [{ key: 'po_required' }], 'orderDetails.shippingAddress': [{ key: 'invalid' }] },
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue('Cardiac Block, Hospital Road'));
    await payByJazzCash();
    await waitFor(() => expect(poField()).toHaveAccessibleDescription(/Enter your purchase-order number\./));
    expect(screen.getByRole('combobox', { name: /^Delivery address/ }))
      .toHaveAccessibleDescription(/Choose one of your department's delivery addresses\./);
  });
});
