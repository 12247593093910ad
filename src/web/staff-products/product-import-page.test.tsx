import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportProblem } from '#contracts/product-import';
import type { ImportResult } from '#contracts/staff-products';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
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

const problem = (row: number, column: string, handle: string, key: ImportProblem['key'], params?: ImportProblem['params']): ImportProblem => ({
  row, column, handle, key, ...(params ? { params } : {}), message: 'The server\'s English, not shown when the key has a text.',
});
const PRICE_ERROR = { ...problem(4, 'Variant Price', 'mayo-scissors', 'invalid_price'), message: 'Enter a price like 12.50.' };

const result = (overrides: Partial<ImportResult> = {}): ImportResult => ({
  products: { created: 2, updated: 1, unchanged: 0 },
  variants: { created: 5, updated: 1, unchanged: 3 },
  errors: [PRICE_ERROR],
  warnings: [],
  ...overrides,
});

spyOnNotify();
beforeEach(() => {
  mockApi().on('GET', '/api/products/categories/', 200, [
    { id: 1, slug: 'general-surgery', name: 'General Surgery', description: '', image: '', product_count: 3, translations: { ar: { name: 'الجراحة العامة', description: 'أدوات الجراحة العامة.' } } },
    { id: 2, slug: 'hats', name: 'Hats', description: '', image: '', product_count: 0, translations: {} },
  ]);
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
    const scissors = within(problems).getByRole('region', { name: 'mayo-scissors' });
    expect(scissors).toHaveTextContent('Left out');
    expect(within(scissors).getByRole('listitem')).toHaveTextContent('ErrorRow 4Variant PriceEnter a price like 12.50.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Products with an error are left out; the others are imported.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('groups the problems by product, the file\'s own first, errors and warnings apart, each reason written from its key', async () => {
    renderPage();
    await userEvent.upload(await screen.findByLabelText(/^CSV file/), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    lastRequest().answer(200, result({
      products: { created: 2, updated: 0, unchanged: 0 },
      errors: [PRICE_ERROR],
      warnings: [
        problem(1, 'Gift Card, Google Shopping / Gender', '', 'columns_ignored', { columns: 'Gift Card, Google Shopping / Gender' }),
        problem(2, 'Variant Barcode', 'example-shirt', 'barcode_not_gtin', { barcode: '365275101829' }),
        problem(3, 'Image Src', 'example-shirt', 'image_unreachable', { host: 'burst.shopifycdn.com' }),
        problem(5, 'Variant Compare At Price', 'mayo-scissors', 'compare_at_not_above', { compare_at: '64.95', price: '95' }),
      ],
    }));
    const problems = await screen.findByRole('region', { name: '5 problems' });
    expect(within(problems).getByText('One error')).toBeInTheDocument();
    expect(within(problems).getByText('4 warnings')).toBeInTheDocument();
    const groups = within(problems).getAllByRole('region');
    expect(groups.map((group) => group.getAttribute('aria-labelledby') && within(group).getByRole('heading').textContent))
      .toEqual(['The file', 'example-shirt', 'mayo-scissors']);
    const shirt = within(problems).getByRole('region', { name: 'example-shirt' });
    expect(shirt).not.toHaveTextContent('Left out');
    expect(within(shirt).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'WarningRow 2Variant Barcode365275101829 is not a GTIN (8, 12, 13 or 14 digits with a right check digit): the barcode is left out.',
      'WarningRow 3Image SrcThe image was not added: burst.shopifycdn.com could not be reached.',
    ]);
    expect(within(problems).getByRole('region', { name: 'mayo-scissors' })).toHaveTextContent('Left out');
    expect(screen.queryByText(/The server's English/)).not.toBeInTheDocument();
    expect(screen.getByText('A warning does not stop a product: it is imported without the cell the warning names.')).toBeInTheDocument();
  });

  it('keeps Import disabled after a preview that found nothing to import, and says why', async () => {
    renderPage();
    await userEvent.upload(await screen.findByLabelText(/^CSV file/), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    lastRequest().answer(200, result({
      products: { created: 0, updated: 0, unchanged: 1 }, variants: { created: 0, updated: 0, unchanged: 1 },
      errors: [problem(2, 'Product Category', 'example-shirt', 'category_unmatched')],
    }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing in this file can be imported. Correct the errors and preview again.');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    // A file the shop already has as it is: nothing to import either.
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    lastRequest().answer(200, result({ products: { created: 0, updated: 0, unchanged: 3 }, variants: { created: 0, updated: 0, unchanged: 16 }, errors: [] }));
    expect(await screen.findByRole('status')).toHaveTextContent('The shop already has everything in this file as it is: importing it would change nothing.');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('sends the default category staff choose, and a new choice needs a new preview', async () => {
    renderPage();
    await userEvent.upload(await screen.findByLabelText(/^CSV file/), csv());
    const select = screen.getByLabelText('Default category');
    expect(select).toHaveAccessibleDescription('For products whose Category, Product Category and Type name none of the shop\'s categories.');
    await screen.findByRole('option', { name: 'Hats' });
    expect(select).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(lastRequest().body!.get('default_category')).toBeNull();
    lastRequest().answer(200, result({ errors: [] }));
    await screen.findByText('No problems found.');

    await userEvent.selectOptions(select, 'General Surgery');
    expect(screen.queryByText('No problems found.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(lastRequest().body!.get('default_category')).toBe('general-surgery');
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
    lastRequest().answer(400, {
      detail: 'Validation failed', errors: { images: ['The images zip unpacks to more than 1 GB.'] },
      issues: { images: [{ key: 'zip_too_large', params: { max: 1 } }] },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled());
    expect(notify.error).toHaveBeenCalledWith('The file could not be read', 'The images zip unpacks to more than 1 GB.');
    expect(screen.queryByRole('heading', { name: /^Preview/ })).not.toBeInTheDocument();
  });

  it('counts the problems in Arabic with the dual form, and writes their reasons and the server\'s refusals in Arabic', async () => {
    setLocale('ar');
    renderPage();
    await userEvent.upload(await screen.findByLabelText(/^ملف CSV/), csv());
    await userEvent.click(screen.getByRole('button', { name: 'معاينة' }));
    lastRequest().answer(200, result({ errors: [PRICE_ERROR, problem(5, 'Category', 'allis-forceps', 'category_not_found', { category: 'clamps' })] }));
    const problems = await screen.findByRole('region', { name: 'مشكلتان' });
    expect(within(problems).getByText('خطآن')).toBeInTheDocument();
    expect(within(problems).getByText('\u2068clamps\u2069', { exact: false })).toHaveTextContent('لا توجد فئة معرّفها');
    expect(screen.getByRole('option', { name: 'الجراحة العامة' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'معاينة' }));
    lastRequest().answer(400, { detail: 'Validation failed', errors: { images: ['The images zip holds more than 10000 files.'] },
      issues: { images: [{ key: 'zip_too_many_files', params: { max: 10_000 } }] } });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('تعذّرت قراءة الملف', 'يحتوي ملف zip للصور على أكثر من ١٠٬٠٠٠ ملف.'));
  });
});
