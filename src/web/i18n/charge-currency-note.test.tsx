import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChargeCurrencyNote } from './charge-currency-note.tsx';
import { setCurrency } from './currency-store.ts';

describe('ChargeCurrencyNote', () => {
  it('states the exact amount charged when prices are shown in another currency, and says nothing otherwise', () => {
    act(() => setCurrency('EUR'));
    const { rerender } = render(<ChargeCurrencyNote currency="PKR" total={51_468.89} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Prices are shown in EUR for reference. This payment is charged in PKR: you pay PKR 51,468.89.',
    );
    act(() => setCurrency('PKR'));
    rerender(<ChargeCurrencyNote currency="PKR" total={51_468.89} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
