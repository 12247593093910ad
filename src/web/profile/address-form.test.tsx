import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedAddress } from '#contracts/addresses';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { AddressForm } from './address-form.tsx';

afterEach(() => {
  setLocale('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ADDRESSES = '/api/addresses/';
const clinic: SavedAddress = {
  id: '0b6f7c56-1f1e-4a43-9d0a-3c1f9b2d7e11',
  label: 'Clinic',
  email: 'amna@example.com',
  firstName: 'Amna',
  lastName: 'Khan',
  company: '',
  address: '12 Jail Road',
  city: 'Lahore',
  postalCode: '54000',
  country: 'PK',
  phone: '+92 300 1234567',
  isDefaultShipping: true,
  isDefaultBilling: false,
  createdAt: '2026-01-05T10:00:00.000Z',
};

function renderForm(address?: SavedAddress) {
  const onDone = vi.fn();
  renderApp([{ path: '/', element: <AddressForm address={address} email="amna@example.com" onDone={onDone} /> }]);
  return onDone;
}

async function fillNewAddress() {
  await userEvent.type(screen.getByLabelText(/^First name/), 'Amna');
  await userEvent.type(screen.getByLabelText(/^Last name/), 'Khan');
  await userEvent.type(screen.getByLabelText(/^Address/), '12 Jail Road');
  await userEvent.type(screen.getByLabelText(/^City/), 'Lahore');
  await userEvent.type(screen.getByLabelText(/^Postal code/), '54000');
  await userEvent.type(screen.getByLabelText(/^Phone/), '+92 300 1234567');
}

describe('AddressForm', () => {
  it('shows each problem under its field and saves nothing', async () => {
    const api = mockApi();
    renderForm();

    await userEvent.type(screen.getByLabelText(/^Postal code/), '!');
    await userEvent.type(screen.getByLabelText(/^Phone/), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/^City/)).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/^Postal code/)).toHaveAccessibleDescription('Enter a valid postal code, such as 54000.');
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription('Enter a valid phone number (7 to 15 digits).');
    expect(screen.getByLabelText(/^Email/)).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toHaveLength(0);
  });

  it('checks the postal code by the rule of the country chosen', async () => {
    const api = mockApi();
    renderForm();
    await fillNewAddress();
    await userEvent.clear(screen.getByLabelText(/^Postal code/));
    await userEvent.type(screen.getByLabelText(/^Postal code/), '5400');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(screen.getByLabelText(/^Postal code/)).toHaveAccessibleDescription('Enter a valid postal code, such as 54000.');

    await userEvent.selectOptions(screen.getByLabelText(/^Country/), 'GB');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(screen.getByLabelText(/^Postal code/)).toHaveAccessibleDescription('Enter a valid postal code, such as SW1A 1AA.');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the problems in Arabic', async () => {
    mockApi();
    renderForm();
    act(() => setLocale('ar'));

    await userEvent.click(screen.getByRole('button', { name: 'حفظ العنوان' }));

    expect(screen.getByLabelText(/^المدينة/)).toHaveAccessibleDescription('هذا الحقل مطلوب.');
  });

  it('saves a new address with its label and default flags', async () => {
    const api = mockApi().on('POST', ADDRESSES, 201, clinic);
    const success = vi.spyOn(notify, 'success');
    const onDone = renderForm();

    await userEvent.type(screen.getByLabelText(/^Label/), 'Clinic');
    await fillNewAddress();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Default shipping address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Address saved', 'Your saved addresses have been updated.');
    expect(api.callsTo('POST', ADDRESSES)[0]!.body).toEqual({
      label: 'Clinic', email: 'amna@example.com', firstName: 'Amna', lastName: 'Khan', company: '', address: '12 Jail Road',
      city: 'Lahore', postalCode: '54000', country: 'PK', phone: '+92 300 1234567', isDefaultShipping: true, isDefaultBilling: false,
    });
  });

  it("puts the server's field problems on their fields, from their keys", async () => {
    const path = `${ADDRESSES}${clinic.id}/`;
    mockApi().on('PATCH', path, 400, {
      detail: 'Validation failed',
      errors: { postalCode: ['That postcode looks wrong.'] },
      issues: { postalCode: [{ key: 'invalid_postal_code' }] },
    });
    const error = vi.spyOn(notify, 'error');
    renderForm(clinic);

    expect(screen.getByLabelText(/^City/)).toHaveValue('Lahore');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(screen.getByLabelText(/^Postal code/)).toHaveAccessibleDescription('Enter a valid postal code.'));
    expect(error).not.toHaveBeenCalled();
  });
});
