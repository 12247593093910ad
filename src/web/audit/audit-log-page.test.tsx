import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { AuditLogPage } from './audit-log-page.tsx';

const entry = (overrides: Record<string, unknown> = {}) => ({
  id: 7, actor: { id: 'u-1', email: 'sana@shop.example' }, action: 'product.update', entity: 'product', entityId: '12', label: 'Mayo Scissors',
  before: { name: 'Mayo Scissors', status: 'draft', updated_at: '2026-11-01' },
  after: { name: 'Mayo Scissors', status: 'active', updated_at: '2026-11-02' },
  at: '2026-11-24T09:30:00.000Z', ...overrides,
});
const page = (results: unknown[], count = results.length) => ({ count, page: 1, pageSize: 50, results });

let api: ReturnType<typeof mockApi>;
const signedInAs = (role: string) => api.on('GET', '/api/auth/me/', 200, wireUser({ is_staff: true, staff_role: role }));
beforeEach(() => {
  api = mockApi();
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
  signedInAs('owner');
});
afterEach(() => {
  setLocale('en');
  vi.unstubAllGlobals();
});

describe('the audit log', () => {
  it("shows each write with who made it and each changed field's value before and after", async () => {
    api.on('GET', '/api/staff/audit/?page=1', 200, page([
      entry(), entry({ id: 6, action: 'flash_sale.create', entity: 'flash_sale', entityId: '3', label: null, before: null }),
    ]));
    renderRoute(AuditLogPage, { path: '/staff/audit', url: '/staff/audit' });
    expect(await screen.findByText('2 entries')).toBeInTheDocument();
    const [update, creation] = screen.getAllByRole('listitem');
    expect(within(update).getByText('sana@shop.example')).toBeInTheDocument();
    await userEvent.click(within(update).getByText('Changed 1 field'));
    expect(within(update).getByText('status')).toBeInTheDocument();
    expect(within(update).getByText('"draft"')).toBeInTheDocument();
    expect(within(update).getByText('"active"')).toBeInTheDocument();
    expect(within(update).getByText('Mayo Scissors')).toBeInTheDocument();
    expect(within(creation).getByText('Flash sale')).toBeInTheDocument();
    // A record that cannot be named keeps its number.
    expect(within(creation).getByText('#3')).toBeInTheDocument();
    expect(within(creation).getByText('Created the record.')).toBeInTheDocument();
  });

  it('sends the filters to the server and starts again from the first page', async () => {
    api.on('GET', '/api/staff/audit/?entity=product&page=2', 200, page([entry()], 120));
    api.on('GET', '/api/staff/audit/?entity=product&actor=sana&page=1', 200, page([entry()]));
    api.on('GET', '/api/staff/audit/?entity=order&actor=sana&page=1', 200, page([]));
    renderRoute(AuditLogPage, { path: '/staff/audit', url: '/staff/audit?entity=product&page=2' });
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: "Staff member's email" }), { target: { value: 'sana' } });
    expect(await screen.findByText('1 entry')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Record' }), 'order');
    expect(await screen.findByText('0 entries')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/staff/audit/?entity=order&actor=sana&page=1')).toHaveLength(1);
  });

  it("says a stock receipt is one, with each variant's count before and after, under the product's name", async () => {
    const stock = (currentStock: number) => [
      { variantId: 41, modelNumber: 'KH-14', currentStock, reservedStock: 2, lowStockThreshold: 5 },
      { variantId: 42, modelNumber: 'KH-16', currentStock: 9, reservedStock: 0, lowStockThreshold: 5 },
    ];
    api.on('GET', '/api/staff/audit/?page=1', 200, page([entry({
      action: 'stock.receive', entity: 'product_stock', entityId: '302', label: 'Kelly Hemostat', before: stock(20), after: stock(25),
    })]));
    renderRoute(AuditLogPage, { path: '/staff/audit', url: '/staff/audit' });
    expect(await screen.findByText('1 entry')).toBeInTheDocument();
    const [receipt] = screen.getAllByRole('listitem');
    expect(within(receipt).getByText('Stock')).toBeInTheDocument();
    expect(within(receipt).getByText('Kelly Hemostat')).toBeInTheDocument();
    expect(within(receipt).queryByText('#302')).not.toBeInTheDocument();
    expect(within(receipt).getByText('Received stock:')).toBeInTheDocument();
    expect(within(receipt).getByText('KH-14').parentElement).toHaveTextContent('KH-14: on hand 20 → 25');
    expect(within(receipt).queryByText('KH-16')).not.toBeInTheDocument();
    expect(within(receipt).queryByText('Saved without changes.')).not.toBeInTheDocument();
  });

  it("offers only the kinds of record the reader's role opens", async () => {
    api = mockApi();
    signedInAs('catalogue');
    api.on('GET', '/api/staff/audit/?page=1', 200, page([]));
    renderRoute(AuditLogPage, { path: '/staff/audit', url: '/staff/audit' });
    const record = await screen.findByRole('combobox', { name: 'Record' });
    await waitFor(() => expect(within(record).getAllByRole('option').length).toBeGreaterThan(1));
    expect(within(record).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
      '', 'product', 'product_price_tiers', 'category', 'flash_sale', 'promo_code', 'exchange_rate', 'shipping_zone',
      'shipping_method',
    ]);
  });
});
