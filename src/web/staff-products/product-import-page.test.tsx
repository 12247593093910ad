import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '#contracts/staff-products';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { ProductImportPage } from './product-import-page.tsx';

/** A stand-in for XMLHttpRequest that the test drives: upload progress, then the answer. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  headers: Record<string, string> = {};
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeRequest.sent.push(this);
  }

  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }

  answer(status: number, response: unknown) {
    act(() => {
      this.upload.onload?.();
      this.status = status;
      this.response = response;
      this.onload?.();
    });
  }
}

const result = (overrides: Partial<ImportResult> = {}): ImportResult => ({
  products: { created: 2, updated: 1, unchanged: 0 },
  variants: { created: 5, updated: 1, unchanged: 3 },
  errors: [{ row: 4, column: 'Variant Price', message: 'Enter a price like 12.50.' }],
  ...overrides,
});

spyOnNotify();
beforeEach(() => {
  FakeRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  setLocale('en');
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(ProductImportPage, { path: '/staff/products/import', url: '/staff/products/import' });
const csv = (name = 'products.csv') => new File(['Handle,Title\n'], name, { type: 'text/csv' });
const lastRequest = () => FakeRequest.sent.at(-1)!;

describe('importing products from a CSV', () => {
  it('asks for a CSV before anything is sent', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(screen.getByLabelText(/^CSV file/)).toHaveAccessibleDescription(/Choose a CSV file first\./);
    expect(FakeRequest.sent).toEqual([]);
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Download a template' })).toHaveAttribute('href', '/product-import-template.csv');
  });

  it('previews as a dry run with the upload\'s progress, then shows the counts and every bad row', async () => {
    renderPage();
    const zip = new File(['PK'], 'images.zip', { type: 'application/zip' });
    await userEvent.upload(await screen.findByLabelText(/^CSV file/), csv());
    await userEvent.upload(screen.getByLabelText(/^Images/), zip);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/staff/products/import/?dry_run=1');
    expect((request.body!.get('file') as File).name).toBe('products.csv');
    expect((request.body!.get('images') as File).name).toBe('images.zip');
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    request.progress(50, 100);
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Uploading 50%')).toBeInTheDocument();
    act(() => request.upload.onload?.());
    expect(screen.getByText('Applying the file…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    request.answer(200, result());

    const preview = await screen.findByRole('heading', { name: 'Preview: nothing is saved yet' });
    const card = preview.parentElement!;
    const counts = within(card).getByRole('table', { name: 'What changes' });
    expect(within(counts).getByRole('row', { name: 'Products 2 1 0' })).toBeInTheDocument();
    expect(within(counts).getByRole('row', { name: 'Variants 5 1 3' })).toBeInTheDocument();
    const problems = within(card).getByRole('region', { name: 'One problem' });
    expect(within(problems).getByRole('row', { name: '4 Variant Price Enter a price like 12.50.' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Products with a problem are left out; the others are imported.')).toBeInTheDocument();
  });

  it('imports after the preview and shows what was done; a new file needs a new preview', async () => {
    renderPage();
    await userEvent.upload(await screen.findByLabelText(/^CSV file/), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    lastRequest().answer(200, result({ errors: [] }));
    await screen.findByText('No problems found.');

    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(lastRequest().url).toBe('/api/staff/products/import/');
    expect(screen.getByRole('button', { name: 'Importing…' })).toBeDisabled();
    lastRequest().answer(200, result({ errors: [] }));
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Preview/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'View products' })).toHaveAttribute('href', '/staff/products');

    await userEvent.upload(screen.getByLabelText(/^CSV file/), csv('other.csv'));
    expect(screen.queryByRole('heading', { name: 'Import finished' })).not.toBeInTheDocument();
  });

  it('says when the server refuses the file', async () => {
    renderPage();
    await userEvent.upload(await screen.findByLabelText(/^CSV file/), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    lastRequest().answer(400, { detail: 'Validation failed', errors: { images: ['This is not a zip file.'] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled());
    expect(notify.error).toHaveBeenCalledWith('The file could not be read', 'This is not a zip file.');
    expect(screen.queryByRole('heading', { name: /^Preview/ })).not.toBeInTheDocument();
  });

  it('counts the problems in Arabic with the dual form', async () => {
    setLocale('ar');
    renderPage();
    await userEvent.upload(await screen.findByLabelText(/^ملف CSV/), csv());
    await userEvent.click(screen.getByRole('button', { name: 'معاينة' }));
    lastRequest().answer(200, result({ errors: [result().errors[0], { row: 5, column: 'Category', message: 'No category has the slug clamps.' }] }));
    expect(await screen.findByRole('region', { name: 'مشكلتان' })).toBeInTheDocument();
  });
});
