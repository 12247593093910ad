import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeUser } from '../auth/normalize-user.ts';
import { notify } from '../components/ui/notify.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { ProfileTab } from './profile-tab.tsx';

afterEach(() => {
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

  it('checks the phone before saving', async () => {
    const api = mockApi();
    renderTab(wireUser());
    const phone = screen.getByLabelText(/Phone/);
    await userEvent.clear(phone);
    await userEvent.type(phone, 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter a valid phone number (7 to 15 digits).')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/auth/profile/')).toHaveLength(0);
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
