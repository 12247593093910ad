import type { Quote, QuoteLine } from '#contracts/quotes';

/** 20 Metzenbaum Scissors (120 in stock) quoted at $28.00 against a list price of $33.00; the test says what differs. */
export const quoteLineFixture = (overrides: Partial<QuoteLine> = {}): QuoteLine => ({
  id: 1, product_id: 7, variant_id: 32, variant_label: '', product_slug: 'metzenbaum-scissors', product_name: 'Metzenbaum Scissors',
  model_number: 'MZ-18C', product_image: '', quantity: 20, available: 120, list_price: '33.00', unit_price: '28.00', line_total: '560.00', ...overrides,
});

/** Quote Q-7K3M9QXA, sent and valid until 1 April 2026, as its buyer reads it; the test says what differs. */
export const quoteFixture = (overrides: Partial<Quote> = {}): Quote => ({
  id: '3f6b8c1d-2e4a-4b5c-9d8e-7f6a5b4c3d2e', number: 'Q-7K3M9QXA', status: 'sent', delivery_city: 'Lahore', notes: '',
  staff_note: '', valid_until: '2026-04-01', lines: [quoteLineFixture()], totals: null, available_totals: null, order: null, decision_reason: '', buyer: null,
  created_at: '2026-03-01T10:00:00.000Z', sent_at: '2026-03-02T10:00:00.000Z', decided_at: null, ...overrides,
});
