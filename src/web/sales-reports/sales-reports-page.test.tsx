import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SalesReport } from '#contracts/sales-reports';
import type { StaffRole } from '#contracts/staff-roles';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { SalesReportsPage } from './sales-reports-page.tsx';

// The charts are Recharts' to draw; here the page's figures, captions and tables are under test.
vi.mock('./sales-charts.tsx', () => ({ RevenueChart: () => <svg data-testid="line" />, ProductsChart: () => <svg data-testid="bars" /> }));

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});

function signInAs(role: StaffRole) {
  localStorage.setItem('token', 'access');
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: role }));
}

const day = (date: string, gross: string, net = gross) => ({ date, orders: gross === '0.00' ? 0 : 1, gross, refunds: '0.00', net });
const report: SalesReport = {
  from: '2026-03-10', to: '2026-03-12',
  revenue: { gross: '350.00', refunds: '20.00', net: '330.00' },
  revenue_pkr: { gross: '97475.00', refunds: '5570.00', net: '91905.00' },
  orders: 2, average_order_value: '175.00', average_order_value_pkr: '48737.50', units: 7,
  by_day: [day('2026-03-10', '100.00'), day('2026-03-11', '0.00'), day('2026-03-12', '250.00', '230.00')],
  top_products: [{ product_id: 4, name: 'Kelly Hemostat', units: 5, revenue: '300.00' }],
  top_categories: [{ category: 'General surgery', units: 7, revenue: '350.00' }],
  top_customers: [{ user_id: 'u1', name: 'Amna Khan', email: 'amna@example.com', orders: 2, gross: '350.00', refunds: '20.00', net: '330.00' }],
  payment_methods: [{ method: 'jazzcash', orders: 2, gross: '350.00' }],
  countries: [{ country: 'PK', orders: 2, gross: '350.00' }],
  returns_by_reason: [{ reason: 'damaged', returns: 1, units: 2 }],
};

const renderPage = (path = '/staff/reports?from=2026-03-10&to=2026-03-12') =>
  renderApp([{ path: '/staff/reports', Component: SalesReportsPage }, { path: '/', Component: () => <p>Home</p> }], { initialEntries: [path] });

describe('the sales report page', () => {
  it('shows the figures the server counted, with the charts captioned in words and the same figures in tables', async () => {
    signInAs('sales');
    api.on('GET', '/api/staff/reports/sales/?from=2026-03-10&to=2026-03-12', 200, report);
    renderPage();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Gross revenue').nextSibling).toHaveTextContent('$350.00PKR 97,475.00');
    expect(within(totals).getByText('Average order value').nextSibling).toHaveTextContent('$175.00PKR 48,737.50');
    expect(within(totals).getByText('Units sold').nextSibling).toHaveTextContent('7');
    expect(screen.getByRole('figure', { name: 'Revenue by day' }))
      .toHaveTextContent('Net revenue $330.00 over 3 days; the best day was Mar 12, 2026 with $230.00.');
    expect(await screen.findByTestId('line')).toBeInTheDocument();
    const days = screen.getByRole('region', { name: 'Revenue by day' });
    expect(within(days).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'DayOrdersGrossRefundsNet', 'Mar 10, 20261$100.00$0.00$100.00', 'Mar 11, 20260$0.00$0.00$0.00', 'Mar 12, 20261$250.00$0.00$230.00',
    ]);
    expect(screen.getByRole('region', { name: 'Payment methods' })).toHaveTextContent('JazzCash2$350.00');
    expect(screen.getByRole('region', { name: 'Countries' })).toHaveTextContent('Pakistan2$350.00');
    expect(screen.getByRole('region', { name: 'Returns by reason' })).toHaveTextContent('Damaged12');
    expect(screen.getByRole('button', { name: 'Download Top customers as CSV' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Amna Khan' })).toHaveAttribute('href', '/staff/customers/u1');
  });

  it('checks days of one\'s own before asking for them', async () => {
    signInAs('owner');
    api.on('GET', '/api/staff/reports/sales/?from=2026-03-10&to=2026-03-12', 200, report);
    renderPage();
    await screen.findByRole('region', { name: 'Totals' });
    const user = userEvent.setup();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('custom');
    await user.clear(screen.getByLabelText(/Last day/));
    await user.type(screen.getByLabelText(/Last day/), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('Choose a last day on or after the first day.')).toBeInTheDocument();
  });

  it('sends other staff home: the report is for the owner and sales', async () => {
    signInAs('catalogue');
    renderPage();
    expect(await screen.findByText('Home')).toBeInTheDocument();
  });
});
