import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { order } from '../orders/order-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { StaffOrdersPage } from '../staff/staff-orders-page.tsx';

let api: ReturnType<typeof mockApi>;
const answer = { orders: [order()], totalPages: 1, count: 1 };

beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: 'support' }));
  api.on('GET', '/api/staff/orders/?page=1&status=all', 200, answer);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const listCalls = () => api.calls.filter((call) => call.path.startsWith('/api/staff/orders/')).map((call) => call.path);

describe('the staff orders list', () => {
  it('links each order to its page and shows where it goes and how it was paid', async () => {
    renderApp([{ path: '/staff/orders', Component: StaffOrdersPage }], { initialEntries: ['/staff/orders'] });
    const row = await screen.findByRole('article', { name: 'Order SS-7K2M9QXD' });
    expect(within(row).getByRole('link', { name: 'SS-7K2M9QXD' })).toHaveAttribute('href', '/staff/orders/SS-7K2M9QXD');
    expect(row).toHaveTextContent('Lahore 54000, Pakistan · Card · Paid');
  });

  it('sends the payment state, days and country it is filtered by, and clears them', async () => {
    api.on('GET', '/api/staff/orders/?page=1&status=all&payment_status=awaiting_payment&from=2026-03-01&to=2026-03-31&country=AE', 200, answer);
    renderApp([{ path: '/staff/orders', Component: StaffOrdersPage }], { initialEntries: ['/staff/orders'] });
    await screen.findByRole('article', { name: 'Order SS-7K2M9QXD' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Payment state' }), 'Awaiting payment');
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Placed until'), { target: { value: '2026-03-31' } });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ship-to country' }), 'AE');
    await waitFor(() => expect(listCalls()).toContain(
      '/api/staff/orders/?page=1&status=all&payment_status=awaiting_payment&from=2026-03-01&to=2026-03-31&country=AE',
    ));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('combobox', { name: 'Ship-to country' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });
});
