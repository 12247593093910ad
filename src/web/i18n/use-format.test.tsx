import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api.ts';

const rates = { base: 'USD', rates: { USD: '1.0000', PKR: '278.5000', EUR: '0.9200' }, updated_at: '2026-03-01T00:00:00.000Z' };

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

async function renderPrice(usd: string) {
  const { useFormat } = await import('./use-format.ts');
  const stores = { currency: await import('./currency-store.ts'), locale: await import('./locale-store.ts') };
  function Price() {
    return <p data-testid="price">{useFormat().price(usd)}</p>;
  }
  render(<Price />);
  return stores;
}

describe('useFormat', () => {
  it('shows dollars without asking for rates, then converts at the shop rate once another currency is chosen', async () => {
    const api = mockApi().on('GET', '/api/exchange-rates', 200, rates);
    const { currency } = await renderPrice('45.50');
    expect(screen.getByTestId('price')).toHaveTextContent('$45.50');
    expect(api.callsTo('GET', '/api/exchange-rates')).toHaveLength(0);

    act(() => currency.setCurrency('EUR'));
    expect(await screen.findByText('€41.86')).toBeInTheDocument();
    act(() => currency.setCurrency('PKR'));
    expect(screen.getByTestId('price')).toHaveTextContent('PKR 12,672');
    expect(api.callsTo('GET', '/api/exchange-rates')).toHaveLength(1);
    expect(localStorage.getItem('shop.currency')).toBe('PKR');
  });

  it('uses the rates kept from an earlier visit at once, and writes Arabic prices with Arabic-Indic digits', async () => {
    mockApi().on('GET', '/api/exchange-rates', 500, { detail: 'down' });
    localStorage.setItem('shop.currency', 'EUR');
    localStorage.setItem('shop.locale', 'ar');
    localStorage.setItem('shop.exchange-rates', JSON.stringify({ rates, fetchedAt: Date.now() }));
    await renderPrice('45.50');
    expect(screen.getByTestId('price').textContent).toContain('٤١٫٨٦');
    expect(screen.getByTestId('price').textContent).toContain('€');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('keeps dollars rather than guessing when the rates cannot be had', async () => {
    mockApi().on('GET', '/api/exchange-rates', 503, { detail: 'down' });
    localStorage.setItem('shop.currency', 'EUR');
    await renderPrice('45.50');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByTestId('price')).toHaveTextContent('$45.50');
  });
});
