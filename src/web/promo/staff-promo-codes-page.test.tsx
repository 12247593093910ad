import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffPromoCode } from '#contracts/promo';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { promoState, StaffPromoCodesPage } from './staff-promo-codes-page.tsx';

const LIST = '/api/staff/promo-codes/';
const promo = (overrides: Partial<StaffPromoCode> = {}): StaffPromoCode => ({
  id: 7, code: 'EID25', kind: 'percent', value: '12.50', min_subtotal: '50.00', starts_at: null, expires_at: null,
  max_uses: 10, per_user_limit: 1, active: true, uses: 3, discount_given: '75.25', created_at: '2026-01-01T00:00:00.000Z', ...overrides,
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', LIST, 200, { promo_codes: [promo(), promo({ id: 8, code: 'FLAT5', kind: 'fixed', value: '5.00', min_subtotal: '0.00', max_uses: null, per_user_limit: null, uses: 0, discount_given: '0.00', active: false })] });
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(StaffPromoCodesPage, { path: '/staff/promo-codes', url: '/staff/promo-codes' });
const newForm = () => screen.getByRole('form', { name: 'New promo code' });

describe('promoState', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  it('tells live, scheduled, expired, used-up and switched-off codes apart', () => {
    expect(promoState(promo(), now)).toBe('live');
    expect(promoState(promo({ starts_at: '2026-07-01T00:00:00Z' }), now)).toBe('scheduled');
    expect(promoState(promo({ expires_at: '2026-05-01T00:00:00Z' }), now)).toBe('expired');
    expect(promoState(promo({ uses: 10 }), now)).toBe('usedUp');
    expect(promoState(promo({ active: false }), now)).toBe('off');
  });
});

describe('staff promo codes page', () => {
  it('lists each code with its terms, uses and the discount given', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('promo-row');
    expect(within(rows[0]).getByText('12.5% off orders of $50.00 or more')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('promo-usage')).toHaveTextContent('Used 3 of 10 times · 1 use per customer · $75.25 discount given');
    expect(within(rows[0]).getByText('Live')).toBeInTheDocument();
    expect(within(rows[1]).getByText('$5.00 off')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Off')).toBeInTheDocument();
  });

  it('names the bad fields under them and sends nothing', async () => {
    renderPage();
    const form = newForm();
    await userEvent.type(within(form).getByRole('textbox', { name: /^Percent off/ }), '120');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Uses in total/ }), '0');
    fireEvent.change(within(form).getByLabelText(/^Valid from/), { target: { value: '2026-03-02T09:00' } });
    fireEvent.change(within(form).getByLabelText(/^Valid until/), { target: { value: '2026-03-01T09:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /^Code/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByRole('textbox', { name: /^Percent off/ })).toHaveAccessibleDescription(/at most 100/);
    expect(within(form).getByRole('textbox', { name: /^Uses in total/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^Valid until/)).toHaveAccessibleDescription(/after the start/);
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('sends empty dates and limits as none, the code in capitals, and dates as instants', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('POST', LIST, 201, promo({ id: 9, code: 'WINTER10' }));
    renderPage();
    const form = newForm();
    await userEvent.type(within(form).getByRole('textbox', { name: /^Code/ }), 'winter10');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /^Discount/ }), 'fixed');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Amount off/ }), '10');
    fireEvent.change(within(form).getByLabelText(/^Valid until/), { target: { value: '2026-12-31T23:59' } });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Uses per customer/ }), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Promo code created', 'WINTER10'));
    expect(api.callsTo('POST', LIST)[0]!.body).toEqual({
      code: 'WINTER10', kind: 'fixed', value: '10', min_subtotal: '0.00', starts_at: null,
      expires_at: new Date('2026-12-31T23:59').toISOString(), max_uses: null, per_user_limit: 2, active: true,
    });
  });

  it('puts the refusal to lower the limit below the uses on its field', async () => {
    api.on('PUT', `${LIST}7/`, 400, { detail: 'Validation failed', errors: { max_uses: ['This code has been used 3 times: enter 3 or more.'] } });
    renderPage();
    const [row] = await screen.findAllByTestId('promo-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit EID25' });
    const limit = within(form).getByRole('textbox', { name: /^Uses in total/ });
    expect(limit).toHaveValue('10');
    await userEvent.clear(limit);
    await userEvent.type(limit, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(limit).toHaveAccessibleDescription(/This code has been used 3 times: enter 3 or more\./));
    expect(api.callsTo('PUT', `${LIST}7/`)[0]!.body).toMatchObject({ code: 'EID25', max_uses: 2, value: '12.50' });
  });
});
