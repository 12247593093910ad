import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuoteLine } from '#contracts/quotes';
import { quoteFixture, quoteLineFixture } from './quote-fixtures.ts';
import { QuoteLines } from './quote-lines.tsx';

const line = quoteLineFixture;
const quote = (lines: QuoteLine[]) => quoteFixture({ lines });

describe('QuoteLines', () => {
  it('names the size or version of a line under its product, and nothing for a product without options', () => {
    render(<QuoteLines quote={quote([
      line({ id: 1, variant_label: '18 cm · Curved' }),
      line({ id: 2, product_name: 'Kelly Hemostat', variant_label: '', model_number: 'KH-14' }),
    ])} />);

    const [, curved, plain] = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(curved!).getAllByRole('cell')[0]).toHaveTextContent('Metzenbaum Scissors18 cm · CurvedMZ-18C');
    expect(within(plain!).getAllByRole('cell')[0]).toHaveTextContent(/^Kelly HemostatKH-14$/);
  });
});
