import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { TierEditor } from './tier-editor.tsx';

const PATH = '/api/staff/products/7/price-tiers/';
const tiers = [{ min_quantity: 10, unit_price: '95.00' }, { min_quantity: 50, unit_price: '90.00' }];

let api: ReturnType<typeof mockApi>;
const onDone = vi.fn();
const renderEditor = () => renderRoute(() => <TierEditor productId={7} tiers={tiers} onDone={onDone} />, { path: '/', url: '/' });
const quantities = () => screen.getAllByRole('textbox', { name: 'From quantity' });
const prices = () => screen.getAllByRole('textbox', { name: 'Unit price (USD)' });

beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  setLocale('en');
  onDone.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('TierEditor', () => {
  it('shows each bad tier field’s problem under it and sends nothing', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    await userEvent.type(quantities()[2]!, '1');
    await userEvent.type(prices()[2]!, '12,50');
    await userEvent.click(screen.getByRole('button', { name: 'Save tiers' }));

    await waitFor(() => expect(quantities()[2]).toHaveAccessibleDescription('Enter at least 2.'));
    expect(prices()[2]).toHaveAccessibleDescription('Enter a price like 12.50.');
    expect(quantities()[0]).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toHaveLength(0);
  });

  it('sends the tiers as numbers and prices, without removed rows', async () => {
    api.on('PUT', PATH, 200, { price_tiers: [tiers[1]] });
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save tiers' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.callsTo('PUT', PATH)[0]!.body).toEqual({ tiers: [{ min_quantity: 50, unit_price: '90.00' }] });
  });

  it('puts the server’s per-tier problems on their fields', async () => {
    const error = vi.spyOn(notify, 'error');
    api.on('PUT', PATH, 400, {
      detail: 'Validation failed',
      errors: { 'tiers.1.unit_price': ['Enter less than the unit price of the tier before.'] },
      issues: { 'tiers.1.unit_price': [{ key: 'invalid' }] },
    });
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Save tiers' }));

    await waitFor(() => expect(prices()[1]).toHaveAccessibleDescription('Enter less than the unit price of the tier before.'));
    expect(prices()[0]).not.toHaveAttribute('aria-invalid');
    expect(error).toHaveBeenCalledWith('Volume pricing not saved', 'Please correct the highlighted fields.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('names a problem in Arabic', async () => {
    setLocale('ar');
    renderEditor();
    const arQuantities = () => screen.getAllByRole('textbox', { name: 'ابتداءً من الكمية' });
    await userEvent.clear(arQuantities()[0]!);
    await userEvent.type(arQuantities()[0]!, '1');
    await userEvent.click(screen.getByRole('button', { name: 'حفظ الشرائح' }));

    await waitFor(() => expect(arQuantities()[0]).toHaveAccessibleDescription('أدخل 2 على الأقل.'));
    expect(api.calls).toHaveLength(0);
  });
});
