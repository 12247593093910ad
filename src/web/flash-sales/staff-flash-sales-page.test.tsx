import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { StaffFlashSalesPage } from './staff-flash-sales-page.tsx';

const SALES = '/api/staff/flash-sales/';
const sale = (overrides: Record<string, unknown> = {}) => ({
  id: 3, productId: 101, variantId: 201, variantLabel: '', productSlug: 'mayo-scissors', productName: 'Mayo Scissors', productModel: 'MS-17', listPrice: '45.00',
  salePrice: '39.00', startsAt: '2026-03-01T09:00:00.000Z', endsAt: '2026-03-02T09:00:00.000Z', units: 20, claimedUnits: 0,
  soldCount: 0, availableStock: 12, state: 'scheduled', ...overrides,
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', '/api/inventory/list/', 200, {
    items: [
      { productId: 101, variantId: 201, variantLabel: '', productName: 'Mayo Scissors', productModel: 'MS-17', availableStock: 12, totalStock: 12 },
      { productId: 102, variantId: 301, variantLabel: '14 cm', productName: 'Metzenbaum Scissors', productModel: 'MZ-14', availableStock: 5, totalStock: 5 },
      { productId: 102, variantId: 302, variantLabel: '18 cm', productName: 'Metzenbaum Scissors', productModel: 'MZ-18', availableStock: 7, totalStock: 7 },
    ],
  });
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(StaffFlashSalesPage, { path: '/staff/flash-sales', url: '/staff/flash-sales' });
const newSale = () => screen.getByRole('form', { name: 'New flash sale' });

async function fillSale() {
  const form = newSale();
  await waitFor(() => expect(within(form).getByRole('option', { name: 'Mayo Scissors (MS-17)' })).toBeInTheDocument());
  await userEvent.selectOptions(within(form).getByRole('combobox', { name: /^Product/ }), '201');
  await userEvent.type(within(form).getByRole('textbox', { name: /^Sale price/ }), '39.00');
  fireEvent.change(within(form).getByLabelText(/^Starts/), { target: { value: '2026-03-01T09:00' } });
  fireEvent.change(within(form).getByLabelText(/^Ends/), { target: { value: '2026-03-02T09:00' } });
}

describe('staff flash sales: the sale form', () => {
  beforeEach(() => api.on('GET', SALES, 200, { sales: [] }));

  it('names each missing or bad field under it and sends nothing', async () => {
    renderPage();
    const form = newSale();
    await userEvent.type(within(form).getByRole('textbox', { name: /^Units/ }), '0');
    fireEvent.change(within(form).getByLabelText(/^Ends/), { target: { value: '2020-01-01T09:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Create sale' }));

    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Product/ })).toHaveAccessibleDescription('Choose a product.'));
    expect(within(form).getByRole('textbox', { name: /^Sale price/ })).toHaveAccessibleDescription('Enter a price like 12.50. Below the list price.');
    expect(within(form).getByRole('textbox', { name: /^Units/ })).toHaveAccessibleDescription(/^Enter at least 1\./);
    expect(within(form).getByLabelText(/^Ends/)).toHaveAccessibleDescription('Enter an end date and time after the start.');
    expect(within(form).getByLabelText(/^Starts/)).not.toHaveAttribute('aria-invalid');
    expect(api.callsTo('POST', SALES)).toHaveLength(0);
  });

  it('sends the product as a number, the times as instants and empty units as while stock lasts', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('POST', SALES, 201, sale());
    renderPage();
    await fillSale();
    await userEvent.click(within(newSale()).getByRole('button', { name: 'Create sale' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Flash sale saved', 'Mayo Scissors'));
    expect(api.callsTo('POST', SALES)[0]!.body).toEqual({
      productId: 101, variantId: 201, salePrice: '39.00', units: null,
      startsAt: new Date('2026-03-01T09:00').toISOString(), endsAt: new Date('2026-03-02T09:00').toISOString(),
    });
    expect(within(newSale()).getByRole('textbox', { name: /^Sale price/ })).toHaveValue('');
  });

  it('offers each variant of a product with several, and sends the variant with its product', async () => {
    api.on('POST', SALES, 201, sale({ productId: 102, variantId: 302, variantLabel: '18 cm', productName: 'Metzenbaum Scissors' }));
    renderPage();
    const form = newSale();
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Metzenbaum Scissors — 18 cm (MZ-18)' })).toBeInTheDocument());
    expect(within(form).getByRole('option', { name: 'Metzenbaum Scissors — 14 cm (MZ-14)' })).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /^Product/ }), '302');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Sale price/ }), '25.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Create sale' }));

    await waitFor(() => expect(api.callsTo('POST', SALES)).toHaveLength(1));
    expect(api.callsTo('POST', SALES)[0]!.body).toMatchObject({ productId: 102, variantId: 302, salePrice: '25.00' });
  });

  it("puts the server's per-field answer on its field", async () => {
    api.on('POST', SALES, 400, {
      detail: 'Validation failed',
      errors: { salePrice: ['The sale price must be below the list price (45.00).'] },
      issues: { salePrice: [{ key: 'invalid' }] },
    });
    renderPage();
    await fillSale();
    await userEvent.click(within(newSale()).getByRole('button', { name: 'Create sale' }));

    await waitFor(() => expect(within(newSale()).getByRole('textbox', { name: /^Sale price/ }))
      .toHaveAccessibleDescription('The sale price must be below the list price (45.00). Below the list price.'));
  });

  it('says so when another sale of the product overlaps the window', async () => {
    const error = vi.spyOn(notify, 'error');
    api.on('POST', SALES, 409, { detail: 'Another flash sale of this product overlaps this window.', code: 'FLASH_SALE_OVERLAP' });
    setLocale('ur');
    renderPage();
    const form = screen.getByRole('form', { name: 'نئی فلیش سیل' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Mayo Scissors (MS-17)' })).toBeInTheDocument());
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /^پروڈکٹ/ }), '201');
    await userEvent.type(within(form).getByRole('textbox', { name: /^سیل قیمت/ }), '39.00');
    await userEvent.click(within(form).getByRole('button', { name: 'سیل بنائیں' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('فلیش سیل محفوظ نہیں ہو سکی', 'اس پروڈکٹ کی ایک اور فلیش سیل اسی مدت میں آتی ہے۔'));
  });

  it('names the problems in Arabic', async () => {
    setLocale('ar');
    renderPage();
    const form = screen.getByRole('form', { name: 'تخفيض سريع جديد' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^الوحدات/ }), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'إنشاء التخفيض' }));

    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^المنتج/ })).toHaveAccessibleDescription('اختر منتجًا.'));
    expect(within(form).getByRole('textbox', { name: /^الوحدات/ })).toHaveAccessibleDescription(/^أدخل 1 على الأقل\./);
    expect(api.callsTo('POST', SALES)).toHaveLength(0);
  });
});

describe('staff flash sales: a sale orders were priced by', () => {
  it('keeps its product when changed, and says when it has already ended', async () => {
    const error = vi.spyOn(notify, 'error');
    api.on('GET', SALES, 200, { sales: [sale({ claimedUnits: 4, state: 'running' })] });
    api.on('POST', '/api/staff/flash-sales/3/end/', 409, { detail: 'The flash sale has already ended.', code: 'FLASH_SALE_ENDED' });
    renderPage();
    const row = await screen.findByTestId('flash-sale-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Change' }));

    const form = screen.getByRole('form', { name: 'Change the sale of Mayo Scissors' });
    const product = within(form).getByRole('combobox', { name: /^Product/ });
    expect(product).toHaveValue('201');
    expect(within(product).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a product', 'Mayo Scissors (MS-17)']);
    expect(product).toHaveAccessibleDescription('Orders were priced by this sale, so its product stays.');
    expect(within(form).queryByRole('searchbox')).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not end the sale', 'This sale has already ended.'));
  });
});
