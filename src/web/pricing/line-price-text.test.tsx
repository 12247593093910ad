import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { LinePriceText } from './line-price-text.tsx';

const split = { quantity: 10, unit_price: '44.64', sale_quantity: 9, sale_price: '29.99' };

describe('LinePriceText', () => {
  it('reads "9 at $29.99, the rest at $44.64" when a sale holds only some of the units', () => {
    render(<p><LinePriceText line={split} /></p>);
    expect(screen.getByText('9 at $29.99, the rest at $44.64')).toBeInTheDocument();
  });

  it('reads one price each when the sale holds the whole line, or there is none', () => {
    const { rerender } = render(<p><LinePriceText line={{ ...split, sale_quantity: 10, unit_price: '29.99' }} /></p>);
    expect(screen.getByText('$29.99 each')).toBeInTheDocument();
    rerender(<p><LinePriceText line={{ ...split, sale_quantity: 0, sale_price: null }} /></p>);
    expect(screen.getByText('$44.64 each')).toBeInTheDocument();
  });

  it('is written in Urdu and Arabic', () => {
    render(<p data-testid="text"><LinePriceText line={split} /></p>);
    act(() => setLocale('ur'));
    expect(screen.getByTestId('text').textContent).toMatch(/^9 عدد .*29\.99.* فی عدد، باقی .*44\.64.* فی عدد$/);
    act(() => setLocale('ar'));
    expect(screen.getByTestId('text').textContent).toMatch(/^٩ بسعر .*٢٩٫٩٩.* للقطعة، والباقي بسعر .*٤٤٫٦٤.* للقطعة$/);
  });
});
