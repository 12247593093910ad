import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { AccountPanel } from './account-panel.tsx';
import { ORGANISATION_ID, staffOrganisation } from './organisation-fixtures.ts';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

const PATCH = `/api/staff/organisations/${ORGANISATION_ID}/`;
const manager = { id: '0b5e8a4c-1d2f-4a6b-9c8d-7e6f5a4b3c2d', name: 'Bilal Ahmed', email: 'bilal@example.com', phone: '' };

function renderPanel() {
  const api = mockApi().on('GET', '/api/staff/account-managers/', 200, { managers: [manager] });
  const organisation = staffOrganisation({ account_manager: manager });
  renderRoute(() => <AccountPanel organisation={organisation} />, { path: '/', url: '/' });
  return api;
}

const creditLimit = () => screen.getByRole('textbox', { name: /Credit limit/ });

describe('the account panel', () => {
  it('shows a bad credit limit under its field and sends nothing', async () => {
    const api = renderPanel();
    await userEvent.clear(creditLimit());
    await userEvent.type(creditLimit(), '12,5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(creditLimit()).toHaveAccessibleDescription('Enter an amount like 5000.00, at most 1,000,000.');
    expect(api.callsTo('PATCH', PATCH)).toHaveLength(0);
  });

  it('keeps the current manager chosen and sends the limit as decimal text, None as null', async () => {
    const api = renderPanel().on('PATCH', PATCH, 200, {});
    expect(screen.getByRole('combobox', { name: 'Account manager' })).toHaveValue(manager.id);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Account manager' }), 'None');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Payment terms' }), 'Net 30');
    await userEvent.clear(creditLimit());
    await userEvent.type(creditLimit(), '50000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PATCH', PATCH)).toHaveLength(1));
    expect(api.callsTo('PATCH', PATCH)[0]!.body).toEqual({ account_manager_id: null, payment_terms: 'net30', credit_limit: '50000.00' });
  });

  it("puts the server's field problem on its field", async () => {
    renderPanel().on('PATCH', PATCH, 400, {
      detail: 'Validation failed',
      errors: { payment_terms: ['Payment terms other than none need a credit limit above 0.'] },
      issues: { payment_terms: [{ key: 'invalid' }] },
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Payment terms' }), 'Net 60');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Payment terms' }))
      .toHaveAccessibleDescription('Payment terms other than none need a credit limit above 0.'));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('says why when the organisation is no longer verified (NOT_VERIFIED)', async () => {
    renderPanel().on('PATCH', PATCH, 409, { detail: 'The organisation is not verified.', code: 'NOT_VERIFIED' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Not saved', 'Verify this organisation to set its account manager, terms and prices.'));
  });

  it('says what a credit limit must be in Arabic', async () => {
    renderPanel();
    act(() => setLocale('ar'));
    const field = screen.getByRole('textbox', { name: /حد الائتمان/ });
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }));

    expect(field).toHaveAccessibleDescription('أدخل مبلغًا مثل 5000.00، بحد أقصى ١٬٠٠٠٬٠٠٠.');
  });
});
