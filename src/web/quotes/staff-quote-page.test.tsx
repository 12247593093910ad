import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { quoteFixture, quoteLineFixture } from './quote-fixtures.ts';
import { StaffQuotePage } from './staff-quote-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderQuote(quote: ReturnType<typeof quoteFixture>) {
  localStorage.setItem('token', 'access');
  mockApi()
    .on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: 'sales' }))
    .on('GET', `/api/staff/quotes/${quote.id}`, 200, { quote });
  renderApp([{ path: '/staff/quotes/:id', Component: StaffQuotePage }], { initialEntries: [`/staff/quotes/${quote.id}`] });
}

describe('the staff quote page', () => {
  it('shows the stock of each line while pricing, and says what a line asking for more than is in stock means', async () => {
    renderQuote(quoteFixture({
      status: 'requested', valid_until: null, sent_at: null,
      lines: [
        quoteLineFixture({ id: 1, product_name: 'Langenbeck Retractor', quantity: 100, available: 39, unit_price: null, line_total: null }),
        quoteLineFixture({ id: 2, product_name: 'Kelly Hemostat', quantity: 10, available: 500, unit_price: null, line_total: null }),
      ],
    }));

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'In stock' })).toBeInTheDocument();
    const [, langenbeck, kelly] = within(table).getAllByRole('row');
    expect(within(langenbeck!).getAllByRole('cell')[2]).toHaveTextContent('39(not enough for this line)');
    expect(within(kelly!).getAllByRole('cell')[2]).toHaveTextContent(/^500$/);
    expect(screen.getByText(/Some lines ask for more than is in stock now/)).toBeInTheDocument();
  });

  it('leaves stock out of a decided quote', async () => {
    renderQuote(quoteFixture({ status: 'accepted', lines: [quoteLineFixture({ quantity: 100, available: 39 })] }));

    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'In stock' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Some lines ask for more than is in stock now/)).not.toBeInTheDocument();
  });
});
