import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { StaffReturnsPage } from './staff-returns-page.tsx';

const REPORT = '/api/staff/returns/report/';
const report = {
  by_reason: [{ reason: 'damaged', returns: 3, units: 7 }, { reason: 'recall', returns: 1, units: 12 }],
  by_product: [{ product_id: 7, name: 'Mayo Scissors', returns: 2, units: 5 }, { product_id: null, name: 'Kelly Hemostat', returns: 1, units: 2 }],
};
let api: ReturnType<typeof mockApi>;

async function openReport(tab = 'Report') {
  localStorage.setItem('token', 'access');
  api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: 'support' }));
  renderApp([{ path: '/staff/returns', Component: StaffReturnsPage }], { initialEntries: ['/staff/returns'] });
  await userEvent.click(await screen.findByRole('tab', { name: tab }));
}
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => row.textContent);

beforeEach(() => {
  api = mockApi().on('GET', '/api/staff/returns/?status=all', 200, { returns: [] }).on('GET', REPORT, 200, report);
});

describe('the returns report', () => {
  it('counts returns and units by reason and by product', async () => {
    await openReport();
    const byReason = await screen.findByRole('table', { name: 'By reason' });
    expect(rowsOf(byReason)).toEqual(['Damaged37', 'Recall112']);
    expect(rowsOf(screen.getByRole('table', { name: 'By product' }))).toEqual(['Mayo Scissors25', 'Kelly Hemostat12']);
  });

  it('asks for the chosen days, both included, and says when there were no returns', async () => {
    api.on('GET', `${REPORT}?from=2026-03-01&to=2026-03-31`, 200, { by_reason: [], by_product: [] });
    await openReport();
    await screen.findByRole('table', { name: 'By reason' });
    const range = screen.getByRole('form', { name: 'Report dates' });
    await userEvent.type(within(range).getByLabelText('From'), '2026-03-01');
    await userEvent.type(within(range).getByLabelText('To'), '2026-03-31');
    await userEvent.click(within(range).getByRole('button', { name: 'Show' }));

    await waitFor(() => expect(within(screen.getByRole('table', { name: 'By reason' })).getByRole('cell')).toHaveTextContent('No returns in these dates.'));
    expect(api.callsTo('GET', `${REPORT}?from=2026-03-01&to=2026-03-31`)).toHaveLength(1);
  });

  it('reads in Urdu', async () => {
    act(() => setLocale('ur'));
    await openReport('رپورٹ');
    const byReason = await screen.findByRole('table', { name: 'وجہ کے لحاظ سے' });
    expect(rowsOf(byReason)[0]).toBe('خراب حالت میں پہنچا37');
  });
});
