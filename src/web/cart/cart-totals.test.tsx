import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usdCentsToPkrMinor } from '#contracts/money';
import { chargeFor } from '../checkout/payment-details.ts';
import { cartFixture } from '../test/cart-fixtures.ts';

const rates = { base: 'USD', rates: { USD: '1.0000', PKR: '278.5000', EUR: '0.9200' }, updated_at: '2026-03-01T00:00:00.000Z' };

beforeEach(() => {
  vi.resetModules();
  localStorage.setItem('shop.exchange-rates', JSON.stringify({ rates, fetchedAt: Date.now() }));
});

/** The cart as the server answers it: grand_total_pkr is the server's conversion of grand_total, by the shared rule. */
function cartOf(grandTotal: string) {
  const pkr = usdCentsToPkrMinor(Math.round(Number(grandTotal) * 100), rates.rates.PKR);
  return cartFixture({ grand_total: grandTotal, grand_total_pkr: (pkr / 100).toFixed(2) });
}

const rupees = (text: string | null) => Number(text!.replace(/[^\d.]/g, ''));

describe('CartTotals in rupees', () => {
  it.each([
    ['224.99', 62_660], // 62,659.715: shown and charged as 62,660, never "62,660 ≈ 62,659.72"
    ['180.30', 50_214], // 50,213.55
    ['0.01', 3], // 2.785
  ])('shows as the total for $%s exactly the rupees the checkout charges', async (grandTotal, expected) => {
    localStorage.setItem('shop.currency', 'PKR');
    const { CartTotals } = await import('./cart-totals.tsx');
    const cart = cartOf(grandTotal);
    render(<CartTotals cart={cart} />);

    const shown = rupees(screen.getByText('Total').nextElementSibling!.textContent);
    const charged = chargeFor(cart, 'jazzcash', 'PKR').total;
    expect(shown).toBe(expected);
    expect(charged).toBe(expected);
    expect(screen.getByText(`In rupees: PKR ${expected.toLocaleString('en-US')}.00 at 278.50 PKR per USD`)).toBeInTheDocument();
  });
});
