import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { LicencesPage } from './licences-page.tsx';

const UPLOAD = '/api/licences';
const gate = { can_buy_restricted: false, reason: 'no_licence', blocked_items: [], licence_expires_on: null, message: null };
const licence = {
  id: 4, licence_type: 'drap_establishment', licence_number: 'DRAP-1', expires_on: '2027-06-30', status: 'pending', rejection_reason: '',
  is_valid: false, is_expired: false, file_name: 'drap.pdf', content_type: 'application/pdf', size_bytes: 1200, file_url: '/api/licences/4/file',
  uploaded_at: '2026-01-05T10:00:00.000Z', reviewed_at: null,
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', UPLOAD, 200, { licences: [], gate });
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(LicencesPage, { path: '/profile/licences', url: '/profile/licences' });
const uploads = () => api.calls.filter((call) => call.method === 'POST');
/** What a multipart upload carried, field by field (the file by its name). */
const sentFields = () => {
  const init = api.fetchMock.mock.calls.find(([, request]) => request?.method === 'POST')![1]!;
  return Object.fromEntries([...(init.body as FormData).entries()].map(([name, value]) => [name, value instanceof File ? value.name : value]));
};

async function fillUpload() {
  await userEvent.selectOptions(screen.getByLabelText(/^Licence type/), 'drap_establishment');
  await userEvent.type(screen.getByRole('textbox', { name: /^Licence number/ }), ' DRAP-1 ');
  await userEvent.type(screen.getByLabelText(/^Expiry date/), '2027-06-30');
  await userEvent.upload(screen.getByLabelText(/^Licence document/), new File(['%PDF-1.4'], 'drap.pdf', { type: 'application/pdf' }));
}

describe('licence upload', () => {
  it('names each missing field under it and sends nothing', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Upload licence' }));

    await waitFor(() => expect(screen.getByLabelText(/^Licence type/)).toHaveAccessibleDescription('Choose the type of licence.'));
    expect(screen.getByRole('textbox', { name: /^Licence number/ })).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/^Expiry date/)).toHaveAccessibleDescription('This field is required.');
    expect(uploads()).toHaveLength(0);
  });

  it('sends the checked fields with the document, then starts afresh', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('POST', UPLOAD, 201, { licence });
    renderPage();
    await fillUpload();
    await userEvent.click(screen.getByRole('button', { name: 'Upload licence' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Licence uploaded', 'Our staff will verify it shortly.'));
    expect(sentFields()).toEqual({ licence_type: 'drap_establishment', licence_number: 'DRAP-1', expires_on: '2027-06-30', file: 'drap.pdf' });
    expect(screen.getByRole('textbox', { name: /^Licence number/ })).toHaveValue('');
  });

  it("puts the server's problems with the file and the date on their fields", async () => {
    api.on('POST', UPLOAD, 400, {
      detail: 'Validation failed',
      errors: { file: ['Upload a PDF, JPEG or PNG file.'], expires_on: ['This licence has already expired.'] },
      issues: { file: [{ key: 'invalid' }], expires_on: [{ key: 'invalid' }] },
    });
    renderPage();
    await fillUpload();
    await userEvent.click(screen.getByRole('button', { name: 'Upload licence' }));

    await waitFor(() => expect(screen.getByLabelText(/^Licence document/)).toHaveAccessibleDescription('Upload a PDF, JPEG or PNG file. PDF, JPEG or PNG, at most 5 MB.'));
    expect(screen.getByLabelText(/^Expiry date/)).toHaveAccessibleDescription('This licence has already expired.');
  });

  it('tells an individual account that licences are for business accounts', async () => {
    const error = vi.spyOn(notify, 'error');
    api.on('POST', UPLOAD, 403, { detail: 'This is for business accounts only.', code: 'ACCOUNT_TYPE_NOT_ALLOWED' });
    renderPage();
    await fillUpload();
    await userEvent.click(screen.getByRole('button', { name: 'Upload licence' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not upload the licence',
      'Licences can be uploaded by business accounts. Products from restricted categories are sold to business accounts only.'));
  });

  it('names the missing fields in Arabic, and shows licence days in Arabic', async () => {
    api = mockApi().on('GET', UPLOAD, 200, { licences: [licence], gate });
    setLocale('ar');
    renderPage();
    expect(await screen.findByText(/ساري حتى ٣٠ يونيو ٢٠٢٧/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'رفع الترخيص' }));

    await waitFor(() => expect(screen.getByLabelText(/^نوع الترخيص/)).toHaveAccessibleDescription('اختر نوع الترخيص.'));
    expect(screen.getByRole('textbox', { name: /^رقم الترخيص/ })).toHaveAccessibleDescription('هذا الحقل مطلوب.');
    expect(uploads()).toHaveLength(0);
  });
});
