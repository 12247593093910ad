import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, shopDay, type StandingOrder } from '#contracts/standing-orders';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { reorderItem, reorderList } from '../reorder-lists/reorder-list-fixtures.ts';
import { ReorderListsPage } from '../reorder-lists/reorder-lists-page.tsx';

spyOnNotify();
beforeEach(() => localStorage.setItem('token', 'access'));

const list = reorderList([reorderItem()]);
const STANDING = `/api/reorder-lists/${list.id}/standing-order/`;
const tomorrow = addDays(shopDay(new Date()), 1);
const address = {
  email: 'dr.ayesha@example.com', firstName: 'Ayesha', lastName: 'Khan', company: 'Mayo Hospital', address: '12 Hospital Road',
  city: 'Lahore', postalCode: '54000', country: 'PK', phone: '+92 300 1234567',
};
const saved: StandingOrder = {
  list_id: list.id, frequency: 'weekly', next_run_on: '2027-01-05', next_run_skipped: false, following_run_on: '2027-01-12',
  shipping_address: address, department_id: null, po_number: 'PO-9',
};

function renderPage(standing: { status: number; body: unknown }) {
  const api = mockApi()
    .on('GET', '/api/auth/me/', 200, wireUser({ account_type: 'business' }))
    .on('GET', '/api/reorder-lists', 200, { lists: [list] })
    .on('GET', `/api/reorder-lists/${list.id}`, 200, { list })
    .on('GET', STANDING, standing.status, standing.body)
    .on('GET', `${STANDING}runs/`, 200, { runs: [] })
    .on('GET', '/api/organisation/departments/', 200, { departments: [], po_required: false })
    .on('GET', '/api/organisation/members/', 200, { members: [] })
    .on('GET', '/api/addresses/', 200, { addresses: [{ id: 'a1', label: 'Store', ...address, isDefaultShipping: true, isDefaultBilling: false, createdAt: '2026-01-01' }] });
  renderRoute(ReorderListsPage, { path: '/profile/reorder-lists', url: '/profile/reorder-lists' });
  return api;
}

describe('the standing order panel', () => {
  it('sets one up from the first date, the saved address and the PO number, then shows the next run', async () => {
    const api = renderPage({ status: 200, body: { standing_order: null, refused: null } });
    expect(await screen.findByText(/the par levels above are the standing quantities/)).toBeInTheDocument();
    const date = await screen.findByLabelText(/First run/);
    expect(date).toHaveValue(tomorrow);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'How often' }), 'monthly');
    await userEvent.type(screen.getByRole('textbox', { name: /PO number/ }), 'PO-9');
    api.on('PUT', STANDING, 200, { standing_order: { ...saved, frequency: 'monthly' } })
      .onDeferred('GET', STANDING, () => ({ status: 200, body: { standing_order: { ...saved, frequency: 'monthly' }, refused: null } }));
    await userEvent.click(screen.getByRole('button', { name: 'Start standing order' }));
    await waitFor(() => expect(api.callsTo('PUT', STANDING)).toHaveLength(1));
    expect(api.callsTo('PUT', STANDING)[0]!.body).toEqual({
      frequency: 'monthly', first_run_on: tomorrow, shipping_address: address, department_id: null, po_number: 'PO-9',
    });
    expect(await screen.findByTestId('next-run')).toHaveTextContent('Tuesday, January 5, 2027');
  });

  it('puts the server\'s problem with the date under it', async () => {
    const api = renderPage({ status: 200, body: { standing_order: null, refused: null } });
    await screen.findByLabelText(/First run/);
    api.on('PUT', STANDING, 400, {
      detail: 'Validation failed', errors: { first_run_on: ['Choose a date from tomorrow on.'] }, issues: { first_run_on: [{ key: 'invalid' }] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start standing order' }));
    await waitFor(() => expect(screen.getByLabelText(/First run/)).toHaveAccessibleDescription(/Choose a date from tomorrow on\./));
  });

  it('skips the next run, naming the dates', async () => {
    const api = renderPage({ status: 200, body: { standing_order: saved, refused: null } });
    const panel = (await screen.findByTestId('next-run')).closest('div')!;
    api.on('POST', `${STANDING}skip/`, 200, { standing_order: { ...saved, next_run_skipped: true }, detail: '' })
      .onDeferred('GET', STANDING, () => ({ status: 200, body: { standing_order: { ...saved, next_run_skipped: true }, refused: null } }));
    await userEvent.click(within(panel.parentElement!).getByRole('button', { name: 'Skip next run' }));
    await waitFor(() => expect(api.callsTo('POST', `${STANDING}skip/`)[0]?.body).toEqual({ skip: true }));
    expect(notify.success).toHaveBeenCalledWith('The run on Tuesday, January 5, 2027 is skipped. The next order is placed on Tuesday, January 12, 2027.');
    expect(await screen.findByText('Tuesday, January 5, 2027 skipped; then Tuesday, January 12, 2027')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order the next run after all' })).toBeInTheDocument();
  });

  it('says why a buyer without invoice terms cannot set one up, in Arabic', async () => {
    setLocale('ar');
    renderPage({ status: 200, body: { standing_order: null, refused: 'INVOICE_NOT_ALLOWED' } });
    expect(await screen.findByText(/الطلبات الدورية لأعضاء مؤسسة موثّقة/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ابدأ الطلب الدوري' })).not.toBeInTheDocument();
  });
});
