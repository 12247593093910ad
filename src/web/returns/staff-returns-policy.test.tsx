import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '#contracts/staff-roles';
import { notify } from '../components/ui/notify.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { StaffReturnsPage } from './staff-returns-page.tsx';
import { returnPolicy } from './staff-returns-fixtures.ts';

const POLICY = '/api/staff/returns/policy/';
let api: ReturnType<typeof mockApi>;

async function openPolicy(role: StaffRole) {
  localStorage.setItem('token', 'access');
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: role }));
  renderApp([{ path: '/staff/returns', Component: StaffReturnsPage }], { initialEntries: ['/staff/returns'] });
  await userEvent.click(await screen.findByRole('tab', { name: 'Policy' }));
  await waitFor(() => expect(api.callsTo('GET', '/api/auth/me/')).toHaveLength(1));
  return screen.findByRole('form', { name: 'Return policy' });
}

const field = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name });
const save = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: 'Save policy' }));

beforeEach(() => {
  api = mockApi().on('GET', '/api/staff/returns/?status=all', 200, { returns: [] }).on('GET', POLICY, 200, { policy: returnPolicy() });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the return policy', () => {
  it('is shown, not editable, to a role that may not change it', async () => {
    const form = await openPolicy('fulfilment');
    expect(field(form, /Return window/)).toHaveValue('30');
    expect(field(form, /Return window/)).toBeDisabled();
    expect(field(form, /Restocking fee/)).toHaveValue('10');
    expect(field(form, /Return shipping fee/)).toHaveValue('15.00');
    expect(within(form).getByRole('combobox', { name: 'No longer needed' })).toHaveDisplayValue('The buyer');
    expect(within(form).getByTestId('exclusion')).toHaveTextContent('Custom RetractorMade to order');
    expect(within(form).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/Sales staff change it\./)).toBeInTheDocument();
  });

  it('saves the window, fees, who pays shipping per reason, and the excluded products by id', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('PUT', POLICY, 200, { policy: returnPolicy({ window_days: 45, exclusions: [{ product_id: 9, name: 'Bone Rongeur', reason: 'private_label' }] }) });
    const form = await openPolicy('sales');
    await userEvent.clear(field(form, /Return window/));
    await userEvent.type(field(form, /Return window/), '45');
    await userEvent.clear(field(form, /Return shipping fee/));
    await userEvent.type(field(form, /Return shipping fee/), '12.50');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Wrong item' }), 'The buyer');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove Custom Retractor' }));
    expect(within(form).getByText('Every product may be returned.')).toBeInTheDocument();
    const add = within(form).getByRole('group', { name: 'Exclude a product' });
    await userEvent.type(within(add).getByRole('textbox', { name: 'Product ID' }), '9');
    await userEvent.selectOptions(within(add).getByRole('combobox', { name: 'Why' }), 'Private label');
    await userEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(within(form).getByTestId('exclusion')).toHaveTextContent('Product #9Private label');
    await save(form);

    await waitFor(() => expect(api.callsTo('PUT', POLICY)).toHaveLength(1));
    expect(api.callsTo('PUT', POLICY)[0]!.body).toEqual({
      window_days: 45, restocking_fee_percent: 10, return_shipping_fee: '12.50',
      reasons: returnPolicy().reasons.map((reason) => (reason.code === 'wrong_item' ? { ...reason, shipping_paid_by: 'buyer' } : reason)),
      exclusions: [{ product_id: 9, reason: 'private_label' }],
    });
    await waitFor(() => expect(within(form).getByTestId('exclusion')).toHaveTextContent('Bone RongeurPrivate label'));
    expect(success).toHaveBeenCalledWith('Return policy saved');
  });

  it('names bad values under their fields and sends nothing', async () => {
    const form = await openPolicy('owner');
    await userEvent.clear(field(form, /Return window/));
    await userEvent.type(field(form, /Return window/), '400');
    await userEvent.clear(field(form, /Restocking fee/));
    await userEvent.clear(field(form, /Return shipping fee/));
    await userEvent.type(field(form, /Return shipping fee/), '12.505');
    await save(form);
    await waitFor(() => expect(field(form, /Return window/)).toHaveAccessibleDescription('Enter a whole number.'));
    expect(field(form, /Restocking fee/)).toHaveAccessibleDescription('Enter a whole number.');
    expect(field(form, /Return shipping fee/)).toHaveAccessibleDescription('Enter a price like 12.50.');

    const add = within(form).getByRole('group', { name: 'Exclude a product' });
    await userEvent.type(within(add).getByRole('textbox', { name: 'Product ID' }), '7');
    await userEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(within(add).getByRole('textbox', { name: 'Product ID' })).toHaveAccessibleDescription('This product is already excluded.');
    expect(within(add).getByRole('combobox', { name: 'Why' })).toHaveAccessibleDescription('Choose why');
    await userEvent.clear(within(add).getByRole('textbox', { name: 'Product ID' }));
    await userEvent.type(within(add).getByRole('textbox', { name: 'Product ID' }), '1.5');
    await userEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(within(add).getByRole('textbox', { name: 'Product ID' })).toHaveAccessibleDescription('Enter a product ID, a whole number.');
    expect(within(form).getAllByTestId('exclusion')).toHaveLength(1);
    expect(api.callsTo('PUT', POLICY)).toHaveLength(0);
  });

  it('shows the server’s refusal of an excluded product under it', async () => {
    api.on('PUT', POLICY, 400, { detail: 'Validation failed', errors: { 'exclusions.0.product_id': ['No product 7.'] }, issues: { 'exclusions.0.product_id': [{ key: 'invalid' }] } });
    const form = await openPolicy('sales');
    await save(form);
    await waitFor(() => expect(within(form).getByTestId('exclusion')).toHaveTextContent('No product 7.'));
  });
});
