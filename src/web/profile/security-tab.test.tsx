import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { SecurityTab } from './security-tab.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

const CHANGE = '/api/auth/change-password/';
const SESSIONS = '/api/auth/sessions/';
const thisBrowser = {
  id: '0b7f6c1e-5a8e-4c1b-9d7e-2f3a4b5c6d7e',
  created_at: '2025-03-01T09:00:00.000Z',
  last_used_at: '2025-03-02T09:00:00.000Z',
  current: true,
  browser: 'Firefox',
  os: 'Windows',
};

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi().on('GET', SESSIONS, 200, { sessions: [thisBrowser] });
});

const renderTab = () => renderApp([{ path: '/', element: <SecurityTab /> }]);

async function fill(current: string, next: string, confirmation: string) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText(/^Current password/), current);
  if (next) await user.type(screen.getByLabelText(/^New password/), next);
  if (confirmation) await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('SecurityTab', () => {
  it('asks for every field before sending', async () => {
    renderTab();
    await fill('', '', '');

    expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/^This field is required\./);
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription('This field is required.');
    expect(api.callsTo('POST', CHANGE)).toHaveLength(0);
  });

  it('refuses a short new password and a confirmation that differs, without a call', async () => {
    renderTab();
    await fill('Old-Scalpel-1', 'short', 'shorter');

    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/^Password must be at least 8 characters long/);
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(api.callsTo('POST', CHANGE)).toHaveLength(0);
  });

  it('changes the password, says so and empties the form', async () => {
    api.on('POST', CHANGE, 200, { detail: 'Your password has been changed. Other sessions have been signed out.' });
    renderTab();
    await fill('Old-Scalpel-1', 'Hemostat-Trocar-83', 'Hemostat-Trocar-83');

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Password changed', 'Your password has been changed. Other devices have been signed out.'));
    expect(api.callsTo('POST', CHANGE)[0].body).toEqual({
      current_password: 'Old-Scalpel-1',
      new_password: 'Hemostat-Trocar-83',
      new_password_confirm: 'Hemostat-Trocar-83',
    });
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
  });

  it("shows the server's problems under their fields, and the first in the toast", async () => {
    api.on('POST', CHANGE, 400, {
      detail: 'Validation failed',
      errors: { current_password: ['Your current password is incorrect.'] },
      issues: { current_password: [{ key: 'current_password_wrong' }] },
    });
    renderTab();
    await fill('Old-Scalpel-2', 'Hemostat-Trocar-83', 'Hemostat-Trocar-83');

    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription('Your current password is incorrect.'));
    expect(notify.error).toHaveBeenCalledWith('Password not changed', 'Your current password is incorrect.');
  });

  it("shows the server's password rules in Arabic from their keys", async () => {
    api.on('POST', CHANGE, 400, {
      detail: 'Validation failed',
      errors: { new_password: ['This password is too common.'] },
      issues: { new_password: [{ key: 'password_too_common' }] },
    });
    renderTab();
    act(() => setLocale('ar'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^كلمة المرور الحالية/), 'Old-Scalpel-1');
    await user.type(screen.getByLabelText(/^كلمة المرور الجديدة/), 'Password123!');
    await user.type(screen.getByLabelText(/^تأكيد كلمة المرور الجديدة/), 'Password123!');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));

    await waitFor(() => expect(screen.getByLabelText(/^كلمة المرور الجديدة/)).toHaveAccessibleDescription(/^كلمة المرور هذه شائعة جدًا\./));
    expect(notify.error).toHaveBeenCalledWith('لم يتم تغيير كلمة المرور', 'كلمة المرور هذه شائعة جدًا.');
  });

  it('lists the sessions, marking this device', async () => {
    renderTab();
    expect(await screen.findByText('Firefox on Windows')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
  });

  it('says in its own words that the sessions cannot be loaded', async () => {
    mockApi().on('GET', SESSIONS, 500, { detail: 'Internal Server Error' });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Unable to load your sessions\.$/);
  });
});
