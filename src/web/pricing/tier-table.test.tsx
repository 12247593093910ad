import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TierTable } from './tier-table.tsx';

const tiers = [{ min_quantity: 50, unit_price: '90.00' }, { min_quantity: 10, unit_price: '95.00' }];
const rowsOf = () => screen.getAllByRole('row').slice(1).map((row) => [
  within(row).getByRole('rowheader').textContent,
  within(row).getByRole('cell').textContent,
]);

describe('TierTable', () => {
  it('shows each quantity band up to the next tier, with the unit price and the saving', () => {
    render(<TierTable price="100.00" tiers={tiers} />);
    expect(screen.getByRole('table', { name: 'Volume pricing' })).toBeInTheDocument();
    expect(rowsOf()).toEqual([
      ['1–9 units', '$100.00'],
      ['10–49 units', '$95.00Save 5%'],
      ['50+ units', '$90.00Save 10%'],
    ]);
  });

  it('never shows a tier above the buyer’s own price', () => {
    render(<TierTable price="93.00" tiers={tiers} />);
    expect(rowsOf()).toEqual([
      ['1–9 units', '$93.00'],
      ['10–49 units', '$93.00'],
      ['50+ units', '$90.00Save 3%'],
    ]);
  });

  it('shows nothing for a product without tiers', () => {
    const { container } = render(<TierTable price="100.00" tiers={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
