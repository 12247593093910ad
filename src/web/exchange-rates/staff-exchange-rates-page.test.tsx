import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRate } from '#contracts/exchange-rates';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { shortRate, StaffExchangeRatesPage } from './staff-exchange-rates-page.tsx';

const LIST = '/api/staff/exchange-rates/';
const pkr = (overrides: Partial<StaffRate> = {}): StaffRate => ({
  currency: 'PKR', rate: '278.5000', updated_at: '2026-03-01T10:00:00.000Z', min: 50, max: 1000,
  history: [{ at: '2026-03-01T10:00:00.000Z', by: 'amna@example.com', from: '277.0000', to: '278.5000' }], ...overrides,
});
const eur: StaffRate = { currency: 'EUR', rate: '0.9200', updated_at: '2026-02-01T10:00:00.000Z', min: 0.2, max: 5, history: [] };

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', LIST, 200, { rates: [pkr(), eur] });
  api.on('GET', '/api/exchange-rates', 200, { base: 'USD', rates: { USD: '1.0000', PKR: '281.2500', EUR: '0.9200' }, updated_at: '2026-03-01T10:00:00.000Z' });
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(StaffExchangeRatesPage, { path: '/staff/exchange-rates', url: '/staff/exchange-rates' });

describe('shortRate', () => {
  it('drops the zeros the stored decimals add', () => {
    expect(shortRate('278.5000')).toBe('278.5');
    expect(shortRate('280.0000')).toBe('280');
    expect(shortRate('0.9215')).toBe('0.9215');
  });
});

describe('staff exchange rates page', () => {
  it('shows each rate with its bounds and who changed it from what to what', async () => {
    renderPage();
    const card = await screen.findByTestId('rate-PKR');
    expect(within(card).getByTestId('current-rate')).toHaveTextContent('1 USD = 278.5 PKR');
    expect(within(card).getByRole('textbox', { name: /^PKR per US dollar/ })).toHaveAccessibleDescription('Between 50 and 1,000, at most 4 decimals.');
    const [, row] = within(card).getAllByRole('row');
    expect(row).toHaveTextContent('amna@example.com');
    expect(row).toHaveTextContent('277 → 278.5');
    expect(within(screen.getByTestId('rate-EUR')).getByText('No changes made here yet.')).toBeInTheDocument();
  });

  it('refuses a malformed rate under the field without sending it', async () => {
    renderPage();
    const field = await screen.findByRole('textbox', { name: /^PKR per US dollar/ });
    await userEvent.clear(field);
    await userEvent.type(field, '280.12345');
    await userEvent.click(within(screen.getByTestId('rate-PKR')).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo('PUT', `${LIST}PKR/`)).toHaveLength(0);
  });

  it('puts the server\'s bounds refusal on the field', async () => {
    api.on('PUT', `${LIST}PKR/`, 400, { detail: 'Validation failed', errors: { rate: ['Enter a USD to PKR rate between 50 and 1000.'] } });
    renderPage();
    const field = await screen.findByRole('textbox', { name: /^PKR per US dollar/ });
    await userEvent.clear(field);
    await userEvent.type(field, '2.785');
    await userEvent.click(within(screen.getByTestId('rate-PKR')).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Enter a USD to PKR rate between 50 and 1000\./));
  });

  it('saves a rate and fetches the shop\'s rates again so prices follow at once', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('PUT', `${LIST}PKR/`, 200, pkr({ rate: '281.2500' }));
    renderPage();
    const field = await screen.findByRole('textbox', { name: /^PKR per US dollar/ });
    await userEvent.clear(field);
    await userEvent.type(field, '281.25');
    await userEvent.click(within(screen.getByTestId('rate-PKR')).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('PKR rate saved', '1 USD = 281.25 PKR'));
    expect(api.callsTo('PUT', `${LIST}PKR/`)[0]!.body).toEqual({ rate: '281.25' });
    await waitFor(() => expect(api.callsTo('GET', '/api/exchange-rates')).toHaveLength(1));
  });
});
