import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Quote, QuoteLine } from '#contracts/quotes';
import { QuoteLines } from './quote-lines.tsx';

const line = (overrides: Partial<QuoteLine>): QuoteLine => ({
  id: 1, product_id: 7, variant_id: 32, variant_label: '', product_slug: 'metzenbaum-scissors', product_name: 'Metzenbaum Scissors',
  model_number: 'MZ-18C', product_image: '', quantity: 20, list_price: '33.00', unit_price: '28.00', line_total: '560.00', ...overrides,
});
const quote = (lines: QuoteLine[]): Quote => ({
  id: '3f6b8c1d-2e4a-4b5c-9d8e-7f6a5b4c3d2e', number: 'Q-7K3M9QXA', status: 'sent', delivery_city: 'Lahore', notes: '',
  staff_note: '', valid_until: '2026-04-01', lines, totals: null, order: null, decision_reason: '', buyer: null,
  created_at: '2026-03-01T10:00:00.000Z', sent_at: '2026-03-02T10:00:00.000Z', decided_at: null,
});

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
