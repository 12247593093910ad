import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { StaffLicencesPage } from './staff-licences-page.tsx';

const REJECT = '/api/staff/licences/9/reject';
const licence = {
  id: 9, licence_type: 'drug_sale', licence_number: 'DSL-77', expires_on: '2027-06-30', status: 'pending', rejection_reason: '',
  is_valid: false, is_expired: false, file_name: 'dsl.pdf', content_type: 'application/pdf', size_bytes: 1200, file_url: '/api/licences/9/file',
  uploaded_at: '2026-01-05T10:00:00.000Z', reviewed_at: null,
  owner: { id: 'u-2', email: 'sana@example.com', name: 'Sana Malik', hospital_name: 'Mayo Hospital' },
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi()
    .on('GET', '/api/staff/licences?status=pending', 200, { licences: [licence] })
    .on('GET', '/api/staff/restricted-categories', 200, {
      categories: [{ id: 1, slug: 'controlled', name: 'Controlled Drugs', restricted: true, product_count: 1 }],
    })
    .on('GET', '/api/staff/licence-blocks?page=1', 200, { blocks: [], count: 0, page: 1, total_pages: 1 });
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(StaffLicencesPage, { path: '/staff/licences', url: '/staff/licences' });

async function startRejecting(name = 'Reject') {
  const row = (await screen.findByText(/DSL-77/)).closest('li')!;
  await userEvent.click(within(row).getByRole('button', { name }));
  return row;
}

describe('licence review', () => {
  it('asks why before rejecting, and sends nothing without a reason', async () => {
    renderPage();
    const row = await startRejecting();
    await userEvent.click(within(row).getByRole('button', { name: 'Reject licence' }));

    await waitFor(() => expect(within(row).getByRole('textbox', { name: 'Reason for rejecting' })).toHaveAccessibleDescription('This field is required.'));
    expect(api.callsTo('POST', REJECT)).toHaveLength(0);
  });

  it("sends the reason, and puts the server's answer on it", async () => {
    api.on('POST', REJECT, 400, {
      detail: 'Validation failed', errors: { reason: ['Enter at most 500 characters.'] }, issues: { reason: [{ key: 'too_long', params: { max: 500 } }] },
    });
    renderPage();
    const row = await startRejecting();
    await userEvent.type(within(row).getByRole('textbox', { name: 'Reason for rejecting' }), '  Scan is unreadable ');
    await userEvent.click(within(row).getByRole('button', { name: 'Reject licence' }));

    await waitFor(() => expect(within(row).getByRole('textbox', { name: 'Reason for rejecting' })).toHaveAccessibleDescription('Enter at most 500 characters.'));
    expect(api.callsTo('POST', REJECT)[0]!.body).toEqual({ reason: 'Scan is unreadable' });
  });

  it('says so when the licence expired before it could be verified', async () => {
    const error = vi.spyOn(notify, 'error');
    api.on('POST', '/api/staff/licences/9/verify', 409, { detail: 'This licence has already expired and cannot be verified.', code: 'LICENCE_EXPIRED' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify DSL-77' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not update the licence', 'This licence has expired and cannot be verified.'));
  });

  it('asks for the reason in Arabic, and counts products in Arabic', async () => {
    setLocale('ar');
    renderPage();
    expect(await screen.findByText('منتج واحد')).toBeInTheDocument();
    const row = await startRejecting('رفض');
    await userEvent.click(within(row).getByRole('button', { name: /^رفض ال/ }));

    await waitFor(() => expect(within(row).getByRole('textbox')).toHaveAccessibleDescription('هذا الحقل مطلوب.'));
    expect(api.callsTo('POST', REJECT)).toHaveLength(0);
  });
});
