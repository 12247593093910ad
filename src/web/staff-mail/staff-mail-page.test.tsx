import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { StaffMailPage } from './staff-mail-page.tsx';

const mail = (overrides: Record<string, unknown> = {}) => ({
  id: 7, to: 'buyer@hospital.example', subject: 'Your order SS-2026-0042 is confirmed', kind: 'order', status: 'failed',
  attempts: 12, lastError: '550 mailbox unavailable', createdAt: '2026-11-24T09:30:00.000Z', ...overrides,
});
const page = (results: unknown[], count = results.length) => ({ count, page: 1, pageSize: 50, results });
const LIST = [
  mail(),
  mail({ id: 6, to: 'sana@shop.example', subject: 'Join the Sialkot Surgical team', kind: 'staff_invite', status: 'sent', attempts: 1, lastError: null }),
  mail({ id: 5, to: 'ali@clinic.example', subject: 'Verify your email address', kind: 'verification', status: 'pending', attempts: 0, lastError: null }),
];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = (url = '/staff/mail') => renderRoute(StaffMailPage, { path: '/staff/mail', url });
const rows = () => screen.getAllByTestId('outbox-mail');

describe('outgoing mail', () => {
  it('lists every mail with its status, attempts and the failed one\'s error; only failed and waiting mail can be sent again', async () => {
    api.on('GET', '/api/staff/mail/?page=1', 200, page(LIST));
    renderPage();
    expect(await screen.findByText('3 mails')).toBeInTheDocument();
    const [failed, sent, waiting] = rows();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('buyer@hospital.example')).toBeInTheDocument();
    expect(within(failed).getByText('Order')).toBeInTheDocument();
    expect(within(failed).getByText('12')).toBeInTheDocument();
    expect(within(failed).getByText('550 mailbox unavailable')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Send again' })).toBeEnabled();
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('Staff invitation')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(within(waiting).getByText('Waiting')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveValue('');
  });

  it('asks the server for one status and starts again from the first page', async () => {
    api.on('GET', '/api/staff/mail/?page=2', 200, page(LIST, 120));
    api.on('GET', '/api/staff/mail/?status=failed&page=1', 200, page([mail()]));
    renderPage('/staff/mail?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Status/ }), 'failed');
    expect(await screen.findByText('1 mail')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/staff/mail/?status=failed&page=1')).toHaveLength(1);
    expect(rows()).toHaveLength(1);
  });

  it('sends a failed mail again, keeps the button off while it goes, and shows its new status', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('GET', '/api/staff/mail/?page=1', 200, page(LIST));
    api.on('GET', '/api/staff/mail/?page=1', 200, page([mail({ status: 'pending' }), ...LIST.slice(1)]));
    let answer!: (value: { status: number; body: unknown }) => void;
    api.onDeferred('POST', '/api/staff/mail/7/resend/', () => new Promise((resolve) => { answer = resolve; }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Send again' }));
    expect(within(rows()[0]).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/staff/mail/7/resend/')).toHaveLength(1);
    answer({ status: 200, body: mail({ status: 'pending' }) });
    await waitFor(() => expect(within(rows()[0]).getByText('Waiting')).toBeInTheDocument());
    expect(within(rows()[0]).queryByText('Failed')).not.toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Mail sent again', 'The mail to buyer@hospital.example goes out in a moment.');
  });

  it("shows the server's refusal when the mail was sent already", async () => {
    const error = vi.spyOn(notify, 'error');
    api.on('GET', '/api/staff/mail/?page=1', 200, page(LIST));
    api.on('POST', '/api/staff/mail/7/resend/', 409, { detail: 'This mail was sent already.', code: 'ALREADY_SENT' });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The mail was not sent again', 'This mail was sent already.'));
  });

  it('reads in Arabic', async () => {
    act(() => setLocale('ar'));
    api.on('GET', '/api/staff/mail/?page=1', 200, page(LIST));
    renderPage();
    expect(await screen.findByText('٣ رسائل')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(rows()[0]).getByText('فشلت')).toBeInTheDocument();
    expect(within(rows()[0]).getByRole('button', { name: 'إعادة الإرسال' })).toBeInTheDocument();
    expect(within(rows()[0]).getByText('buyer@hospital.example')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^الحالة/ })).toBeInTheDocument();
  });
});
