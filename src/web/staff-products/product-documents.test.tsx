import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffDocument } from '#contracts/staff-media';
import { mockApi } from '../test/mock-api.ts';
import { ProductDocuments } from './product-documents.tsx';

const LIST = '/api/staff/products/7/documents/';
const document = (id: number, version: number, status: StaffDocument['status']): StaffDocument => ({
  id, name: 'Certificate – CE', type: 'PDF', size: '2.8 KB', size_bytes: 2_867, url: `/api/documents/certificate-ce-v${version}/download/`,
  kind: 'certificate', version, issued_on: '2026-01-10', expires_on: '2029-01-09', status, series: 'certificate-ce',
});
const DOCUMENTS = [document(2, 2, 'current'), document(1, 1, 'superseded')];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', LIST, 200, { documents: DOCUMENTS });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderDocuments() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}><ProductDocuments productId={7} /></QueryClientProvider>);
}
const pdf = new File(['%PDF-1.7\nstartxref\n9\n%%EOF\n'], 'ce-2027.pdf', { type: 'application/pdf' });

describe('ProductDocuments', () => {
  it('lists each version with its status as the storefront shows it', async () => {
    renderDocuments();
    const rows = await screen.findAllByTestId('product-document');
    expect(within(rows[0]).getByText('Current')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Superseded')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Download Certificate – CE, version 2' }))
      .toHaveAttribute('href', '/api/documents/certificate-ce-v2/download/');
  });

  it('asks for the file, the name and the kind before sending anything', async () => {
    renderDocuments();
    await userEvent.click(await screen.findByRole('button', { name: 'Add document' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('combobox', { name: /^Kind/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('adds the next version of a series with its name and kind filled in from it', async () => {
    api.on('POST', LIST, 201, { document: document(3, 3, 'current') });
    renderDocuments();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Adds a version to' }), 'certificate-ce');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Certificate – CE');
    await userEvent.upload(screen.getByLabelText(/^PDF file/), pdf);
    await userEvent.click(screen.getByRole('button', { name: 'Add document' }));
    await waitFor(() => expect(api.callsTo('POST', LIST)).toHaveLength(1));
    const sent = api.fetchMock.mock.calls.find(([url, init]) => url === LIST && init?.method === 'POST')![1]!.body as FormData;
    expect(Object.fromEntries([...sent.entries()].filter(([name]) => name !== 'file'))).toMatchObject({
      supersedes: 'certificate-ce', name: 'Certificate – CE', kind: 'certificate',
    });
    expect((sent.get('file') as File).name).toBe('ce-2027.pdf');
  });
});
