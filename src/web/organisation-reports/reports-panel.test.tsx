import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganisationOrder, SpendRow } from '#contracts/organisation-reports';
import { formatPrice } from '../i18n/format.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { order } from '../orders/order-fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { addMonths, lastTwelveMonths } from './organisation-reports.api.ts';
import { ReportsPanel } from './reports-panel.tsx';

const { from, to } = lastTwelveMonths();
const lastMonth = addMonths(to, -1);
const spendPath = (start: string, end: string) => `/api/organisation/reports/spend/?from=${start}&to=${end}`;
const ORDERS_PATH = '/api/organisation/orders/?page=1';

const row = (overrides: Partial<SpendRow>): SpendRow => {
  const spend = { month: to, department_id: 3, department: 'Cardiology', orders: 1, total: '100.00', credit_notes: 0, credited: '0.00', ...overrides };
  return { net: spend.total, ...spend };
};
const ROWS = [
  row({ month: lastMonth, total: '1000.00', orders: 2 }),
  row({ month: lastMonth, department_id: null, department: null, total: '250.50' }),
  row({ month: to, department_id: 4, department: 'Orthopaedics', total: '300.00' }),
];

const organisationOrder = (overrides: Partial<OrganisationOrder> = {}): OrganisationOrder => ({
  ...order(),
  placedBy: { name: 'Hina Raza', email: 'hina@city-hospital.example' },
  purchaseOrder: { poNumber: 'PO-2026-118', department: 'Cardiology', costCentre: 'CC-40', billTo: null },
  ...overrides,
});

const usd = (amount: number) => formatPrice(amount, 'en', 'USD', undefined);
const renderPanel = () => renderRoute(ReportsPanel, { path: '/profile/organisation', url: '/profile/organisation' });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', spendPath(from, to), 200, { from, to, rows: ROWS });
  api.on('GET', ORDERS_PATH, 200, { orders: [organisationOrder()], count: 1, totalPages: 1 });
});

describe('the organisation reports panel', () => {
  it("charts each month's spend split by department, with a legend, a table of the figures and the totals", async () => {
    renderPanel();
    const chart = await screen.findByTestId('spend-chart');
    const bars = within(chart).getAllByRole('listitem', { hidden: true }).filter((item) => item.hasAttribute('data-month'));
    expect(bars).toHaveLength(12);
    const barOf = (month: string) => bars.find((bar) => bar.dataset.month === month)!;
    expect(within(barOf(lastMonth)).getByText(usd(1250.5))).toBeInTheDocument();
    expect(within(barOf(to)).getByText(usd(300))).toBeInTheDocument();
    expect(within(barOf(from)).getByText(usd(0))).toBeInTheDocument();

    const legend = within(chart).getByRole('list', { name: 'Departments' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Cardiology${usd(1000)}`, `Orthopaedics${usd(300)}`, `No department${usd(250.5)}`,
    ]);

    const table = within(chart).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Month', 'Cardiology', 'Orthopaedics', 'No department', 'Total', 'Orders',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByTestId('spend-totals')).toHaveTextContent(`Total ${usd(1550.5)}`);
    expect(screen.getByTestId('spend-totals')).toHaveTextContent('4 orders from');
  });

  it('asks for the months chosen', async () => {
    const start = addMonths(to, -2);
    api.on('GET', spendPath(start, to), 200, { from: start, to, rows: [row({ total: '42.00' })] });
    renderPanel();
    await screen.findByTestId('spend-chart');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: start } });
    await waitFor(() => expect(api.callsTo('GET', spendPath(start, to))).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByTestId('spend-chart')).getAllByText(usd(42)).length).toBeGreaterThan(0));
    expect(screen.getByTestId('spend-totals')).toHaveTextContent('1 order from');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: addMonths(start, -1) } });
    expect(screen.getByText('Choose a start month no later than the end month.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV for finance' })).toBeDisabled();
  });

  it('lists the orders across members with who placed them, their department and PO number', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Orders across members' });
    const [line] = within(table).getAllByRole('row').slice(1);
    expect(within(line).getByText('SS-7K2M9QXD')).toBeInTheDocument();
    expect(within(line).getByText('Hina Raza')).toBeInTheDocument();
    expect(within(line).getByText('hina@city-hospital.example')).toBeInTheDocument();
    expect(within(line).getByText('PO-2026-118')).toBeInTheDocument();
    expect(within(line).getByText('Cardiology')).toBeInTheDocument();
    expect(within(line).getAllByText(usd(182.86)).length).toBeGreaterThan(0);
    expect(screen.getByText('1 order')).toBeInTheDocument();
  });

  it('pages through the orders', async () => {
    api.onDeferred('GET', ORDERS_PATH, () => ({ status: 200, body: { orders: [organisationOrder()], count: 21, totalPages: 2 } }));
    api.on('GET', '/api/organisation/orders/?page=2', 200, {
      orders: [organisationOrder({ id: 'o-2', orderNumber: 'SS-4TQ8WZ1B' })], count: 21, totalPages: 2,
    });
    renderPanel();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('SS-4TQ8WZ1B')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('says when the organisation has no orders yet', async () => {
    api.onDeferred('GET', ORDERS_PATH, () => ({ status: 200, body: { orders: [], count: 0, totalPages: 1 } }));
    api.onDeferred('GET', spendPath(from, to), () => ({ status: 200, body: { from, to, rows: [] } }));
    renderPanel();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(await screen.findByText('Nothing was bought in these months.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Orders across members' })).not.toBeInTheDocument();
  });

  it('downloads the CSV of the months chosen with the session', async () => {
    localStorage.setItem('token', 't-1');
    const csv = `/api/organisation/reports/orders.csv?from=${from}&to=${to}`;
    api.on('GET', csv, 200, 'date,order_number');
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPanel();
    await screen.findByTestId('spend-chart');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV for finance' }));
    await waitFor(() => expect(api.callsTo('GET', csv)).toHaveLength(1));
    expect(api.callsTo('GET', csv)[0].authorization).toBe('Bearer t-1');
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.contexts[0]).toHaveProperty('download', `orders-${from}-to-${to}.csv`);
    save.mockRestore();
  });

  it("downloads the invoice of any member's order", async () => {
    localStorage.setItem('token', 't-1');
    const { id } = organisationOrder();
    const pdf = `/api/orders/${id}/invoice.pdf`;
    api.on('GET', pdf, 200, '%PDF-1.7');
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Invoice for SS-7K2M9QXD' }));
    await waitFor(() => expect(api.callsTo('GET', pdf)).toHaveLength(1));
    expect(api.callsTo('GET', pdf)[0].authorization).toBe('Bearer t-1');
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    save.mockRestore();
  });

  it('reads right to left in Arabic', async () => {
    act(() => setLocale('ar'));
    renderPanel();
    const chart = await screen.findByTestId('spend-chart');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(chart).getByRole('list', { name: 'الأقسام' })).toHaveTextContent('بلا قسم');
    expect(screen.getByRole('button', { name: 'تنزيل ملف CSV للمالية' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'رقم أمر الشراء' })).toBeInTheDocument();
    expect(screen.getByText('طلب واحد')).toBeInTheDocument();
  });
});
