import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { AuditLogPage } from './audit-log-page.tsx';

const entry = (overrides: Record<string, unknown> = {}) => ({
  id: 7, actor: { id: 'u-1', email: 'sana@shop.example' }, action: 'product.update', entity: 'product', entityId: '12',
  before: { name: 'Mayo Scissors', status: 'draft', updated_at: '2026-11-01' },
  after: { name: 'Mayo Scissors', status: 'active', updated_at: '2026-11-02' },
  at: '2026-11-24T09:30:00.000Z', ...overrides,
});
const page = (results: unknown[], count = results.length) => ({ count, page: 1, pageSize: 50, results });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  setLocale('en');
  vi.unstubAllGlobals();
});

describe('the audit log', () => {
  it("shows each write with who made it and each changed field's value before and after", async () => {
    api.on('GET', '/api/staff/audit/?page=1', 200, page([entry(), entry({ id: 6, action: 'flash_sale.create', entity: 'flash_sale', entityId: '3', before: null })]));
    renderRoute(AuditLogPage, { path: '/staff/audit', url: '/staff/audit' });
    expect(await screen.findByText('2 entries')).toBeInTheDocument();
    const [update, creation] = screen.getAllByRole('listitem');
    expect(within(update).getByText('sana@shop.example')).toBeInTheDocument();
    await userEvent.click(within(update).getByText('Changed 1 field'));
    expect(within(update).getByText('status')).toBeInTheDocument();
    expect(within(update).getByText('"draft"')).toBeInTheDocument();
    expect(within(update).getByText('"active"')).toBeInTheDocument();
    expect(within(creation).getByText('Flash sale')).toBeInTheDocument();
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
});
