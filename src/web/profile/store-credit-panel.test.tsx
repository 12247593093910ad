import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api.ts';
import { StoreCreditPanel } from './store-credit-panel.tsx';

const URL = '/api/profile/store-credit/';
const entry = (amount: string, kind: string, extra: Record<string, unknown> = {}) =>
  ({ amount, kind, order_number: null, rma: null, credit_note: null, created_at: '2026-11-20T10:00:00.000Z', ...extra });

function renderPanel(answer: unknown) {
  mockApi().on('GET', URL, 200, answer);
  const { container } = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><StoreCreditPanel /></QueryClientProvider>,
  );
  return container;
}

describe('StoreCreditPanel', () => {
  it("shows the buyer's balance and entries, and the organisation's beside them", async () => {
    renderPanel({
      balance: '12.50',
      entries: [
        entry('-37.50', 'spent', { order_number: 'SS-7K2M9Q4X' }),
        entry('50.00', 'return', { order_number: 'SS-1A2B3C4D', rma: 'RMA-000012', credit_note: { number: 'CN-000007', pdf_url: '/api/credit-notes/CN-000007.pdf' } }),
      ],
      organisation: { name: 'Services Hospital', balance: '200.00', entries: [entry('200.00', 'adjustment')] },
    });
    expect(await screen.findByRole('heading', { name: 'Store credit' })).toBeInTheDocument();
    const own = screen.getByRole('region', { name: 'Your credit' });
    expect(within(own).getByText('$12.50')).toBeInTheDocument();
    const rows = within(own).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Spent on an order');
    expect(rows[0]).toHaveTextContent('SS-7K2M9Q4X');
    expect(rows[0]).toHaveTextContent('−$37.50');
    expect(rows[1]).toHaveTextContent('Credited for a return');
    expect(rows[1]).toHaveTextContent('RMA-000012');
    expect(within(rows[1]).getByRole('link', { name: 'Credit note CN-000007' })).toHaveAttribute('href', '/api/credit-notes/CN-000007.pdf');
    const organisation = screen.getByRole('region', { name: 'Services Hospital' });
    expect(within(organisation).getByText('$200.00', { selector: 'span' })).toBeInTheDocument();
    expect(within(organisation).getByRole('listitem')).toHaveTextContent('Adjusted by the shop');
  });

  it('shows nothing while there is no credit', async () => {
    const container = renderPanel({ balance: '0.00', entries: [], organisation: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });
});
