import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeUser } from '../auth/normalize-user.ts';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { ProfileTab } from './profile-tab.tsx';

afterEach(() => {
  act(() => setLocale('en'));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const business = wireUser({
  account_type: 'business',
  profile: { phone: '', specialty: '', hospital_name: 'Mayo Hospital', license_number: 'PMC-1', address: '' },
});
const renderTab = (raw: object) => renderApp([{ path: '/', element: <ProfileTab user={normalizeUser(raw)} /> }]);

describe('ProfileTab', () => {
  it('shows the specialty to individual accounts only, and the email read-only', () => {
    mockApi();
    renderTab(wireUser());
    expect(screen.getByLabelText(/Medical specialty/)).toHaveValue('cardiology');
    expect(screen.queryByLabelText(/Hospital or clinic name/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Medical licence number/)).not.toBeInTheDocument();
    const email = screen.getByLabelText(/Email/);
    expect(email).toHaveValue('amna@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('Email cannot be changed')).toBeInTheDocument();
  });

  it('shows hospital name and licence number to business accounts, without a specialty', () => {
    mockApi();
    renderTab(business);
    expect(screen.getByLabelText(/Hospital or clinic name/)).toHaveValue('Mayo Hospital');
    expect(screen.getByLabelText(/Medical licence number/)).toHaveValue('PMC-1');
    expect(screen.queryByLabelText(/Medical specialty/)).not.toBeInTheDocument();
  });

  it('requires the names and a real phone number, under their fields, before saving', async () => {
    const api = mockApi();
    renderTab(wireUser());
    await userEvent.clear(screen.getByLabelText(/First name/));
    const phone = screen.getByLabelText(/Phone/);
    await userEvent.clear(phone);
    await userEvent.type(phone, 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a valid phone number (7 to 15 digits).'));
    expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription('This field is required.');
    expect(api.callsTo('PUT', '/api/auth/profile/')).toHaveLength(0);
  });

  it("shows the server's field problems under their fields, in Arabic", async () => {
    mockApi().on('PUT', '/api/auth/profile/', 400, {
      detail: 'Validation failed',
      errors: { 'profile.phone': ['Enter a valid phone number.'], 'profile.address': ['Enter at most 500 characters.'] },
      issues: { 'profile.phone': [{ key: 'invalid_phone' }], 'profile.address': [{ key: 'too_long', params: { max: 500 } }] },
    });
    const error = vi.spyOn(notify, 'error');
    renderTab(wireUser());
    act(() => setLocale('ar'));
    await userEvent.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));

    await waitFor(() => expect(screen.getByLabelText(/الهاتف/)).toHaveAccessibleDescription('أدخل رقم هاتف صالحًا (من 7 إلى 15 رقمًا).'));
    expect(screen.getByLabelText(/العنوان/)).toHaveAccessibleDescription('أدخل 500 حرفًا على الأكثر.');
    expect(error).toHaveBeenCalledWith('فشل التحديث', expect.any(String));
  });

  it("saves an individual's specialty and not the business fields", async () => {
    const api = mockApi().on('PUT', '/api/auth/profile/', 200, wireUser());
    renderTab(wireUser());
    await userEvent.selectOptions(screen.getByLabelText(/Medical specialty/), 'orthopedics');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/auth/profile/')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/auth/profile/')[0].body).toEqual({
      first_name: 'Amna',
      last_name: 'Khan',
      profile: { phone: '+92 300 1234567', specialty: 'orthopedics', address: '' },
      preferences: { language: 'en', currency: 'PKR' },
    });
  });

  it('saves the business fields and preferences with the success toast, and reports failure', async () => {
    const api = mockApi().on('PUT', '/api/auth/profile/', 200, business).on('PUT', '/api/auth/profile/', 500, { detail: 'boom' });
    const success = vi.spyOn(notify, 'success');
    const error = vi.spyOn(notify, 'error');
    renderTab(business);
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile updated', 'Your profile information has been saved successfully.'));
    expect(api.callsTo('PUT', '/api/auth/profile/')[0].body).toMatchObject({
      profile: { hospital_name: 'Mayo Hospital', license_number: 'PMC-1' },
      preferences: { language: 'en', currency: 'EUR' },
    });
    expect(api.callsTo('PUT', '/api/auth/profile/')[0].body).not.toHaveProperty('profile.specialty');

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Update failed', 'Failed to update profile. Please try again.'));
  });
});
