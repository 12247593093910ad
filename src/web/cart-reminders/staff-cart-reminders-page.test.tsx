import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { StaffCartRemindersPage } from './staff-cart-reminders-page.tsx';

const URL = '/api/staff/cart-reminders/';
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi().on('GET', URL, 200, { enabled: true, idle_hours: 24, promo_code: null });
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(StaffCartRemindersPage, { path: '/staff/cart-reminders', url: '/staff/cart-reminders' });
const hours = () => screen.findByRole('textbox', { name: /^Hours before a cart counts as left behind/ });
const code = () => screen.getByRole('textbox', { name: /^Promo code offered/ });
const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

describe('staff cart reminders page', () => {
  it('shows the settings as the server has them', async () => {
    renderPage();
    expect(await hours()).toHaveValue('24');
    expect(screen.getByRole('checkbox', { name: 'Send reminders about carts left behind' })).toBeChecked();
    expect(code()).toHaveValue('');
    expect(await hours()).toHaveAccessibleDescription('A whole number of hours from 1 to 720.');
  });

  it('refuses a period outside 1 to 720 hours under the field without sending it', async () => {
    renderPage();
    const field = await hours();
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    await userEvent.click(saveButton());
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/Enter a whole number/);
    expect(api.callsTo('PUT', URL)).toHaveLength(0);
  });

  it('saves the period, the switch and the code, and says what now happens', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('PUT', URL, 200, { enabled: true, idle_hours: 48, promo_code: 'COMEBACK10' });
    renderPage();
    const field = await hours();
    await userEvent.clear(field);
    await userEvent.type(field, '48');
    await userEvent.type(code(), 'comeback10');
    await userEvent.click(saveButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Cart reminder settings saved', 'Carts left for 48 hours are reminded.'));
    expect(api.callsTo('PUT', URL)[0]!.body).toEqual({ enabled: true, idle_hours: 48, promo_code: 'COMEBACK10' });
    await waitFor(() => expect(code()).toHaveValue('COMEBACK10'));
  });

  it('turns reminders off with no code', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('PUT', URL, 200, { enabled: false, idle_hours: 24, promo_code: null });
    renderPage();
    await hours();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Send reminders about carts left behind' }));
    await userEvent.click(saveButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Cart reminder settings saved', 'No reminders are sent.'));
    expect(api.callsTo('PUT', URL)[0]!.body).toEqual({ enabled: false, idle_hours: 24, promo_code: null });
  });

  it('puts the server\'s refusal of an unknown code on the code field', async () => {
    api.on('PUT', URL, 400, {
      detail: 'Validation failed', errors: { promo_code: ['No promo code has this code.'] }, issues: { promo_code: [{ key: 'promo_code_unknown' }] },
    });
    renderPage();
    await hours();
    await userEvent.type(code(), 'NOSUCH');
    await userEvent.click(saveButton());
    await waitFor(() => expect(code()).toHaveAccessibleDescription(/No promo code has this code\./));
  });

  it('reads in Arabic', async () => {
    setLocale('ar');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'تذكيرات السلة' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'حفظ الإعدادات' })).toBeInTheDocument();
  });
});
