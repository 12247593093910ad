import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VolumePrice } from '#contracts/pricing';
import { TierTable } from './tier-table.tsx';

const band = (min: number, max: number | null, price: string, extra: Partial<VolumePrice> = {}): VolumePrice => ({
  min_quantity: min, max_quantity: max, unit_price: price, sale_quantity: 0, sale_price: null, save_percent: null, ...extra,
});
const rowsOf = () => screen.getAllByRole('row').slice(1).map((row) => [
  within(row).getByRole('rowheader').textContent,
  within(row).getByRole('cell').textContent,
]);

describe('TierTable', () => {
  it('shows each quantity band with the unit price and the saving the server priced', () => {
    render(<TierTable rows={[band(1, 9, '100.00'), band(10, 49, '95.00', { save_percent: 5 }), band(50, null, '90.00', { save_percent: 10 })]} />);
    expect(screen.getByRole('table', { name: 'Volume pricing' })).toBeInTheDocument();
    expect(rowsOf()).toEqual([
      ['1–9 units', '$100.00'],
      ['10–49 units', '$95.00Save 5%'],
      ['50+ units', '$90.00Save 10%'],
    ]);
  });

  it('splits a band a flash sale holds only in part, never showing the sale price for every unit', () => {
    render(<TierTable rows={[
      band(1, 9, '29.99'),
      band(10, 49, '44.64', { sale_quantity: 9, sale_price: '29.99' }),
      band(50, null, '42.29', { sale_quantity: 9, sale_price: '29.99' }),
    ]} />);
    expect(rowsOf()).toEqual([
      ['1–9 units', '$29.99'],
      ['10–49 units', '9 at $29.99, the rest at $44.64'],
      ['50+ units', '9 at $29.99, the rest at $42.29'],
    ]);
  });

  it('shows nothing without bands', () => {
    const { container } = render(<TierTable rows={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
