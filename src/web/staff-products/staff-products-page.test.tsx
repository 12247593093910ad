import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderRoute } from '../test/render-route.tsx';
import { StaffProductsPage } from './staff-products-page.tsx';

const LIST = '/api/staff/products/';
const category = (id: number, name: string) => ({ id, slug: name.toLowerCase(), name, description: '', image: '', product_count: 3, translations: {} });
const item = (id: number, overrides: Record<string, unknown> = {}) => ({
  id, slug: `product-${id}`, name: `Product ${id}`, brand: 'Sialkot Surgical', status: 'active', category: { id: 1, name: 'Forceps' },
  model_number: `SS-${id}`, variant_count: 1, price: '10.00', price_max: '10.00', available_stock: 5, low_stock: false, image: '',
  updated_at: '2026-01-01T00:00:00.000Z', ...overrides,
});
const page = (results: unknown[], count = results.length) => ({ count, page: 1, pageSize: 25, results });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', '/api/products/categories/', 200, [category(1, 'Forceps'), category(2, 'Scissors')]);
});

const renderPage = (url = '/staff/products') => renderRoute(StaffProductsPage, { path: '/staff/products', url });

describe('staff products: the list', () => {
  it('shows each product with its status, price range, variants and stock', async () => {
    api.on('GET', `${LIST}?page=1`, 200, page([
      item(1, { name: 'Adson Forceps', variant_count: 4, price: '12.50', price_max: '18.00', available_stock: 2, low_stock: true, status: 'draft' }),
      item(2, { name: 'Mayo Scissors', available_stock: 0 }),
    ]));
    renderPage();
    const rows = await screen.findAllByTestId('staff-product-row');
    expect(rows[0]).toHaveTextContent('Adson Forceps');
    expect(rows[0]).toHaveTextContent('SS-1');
    expect(rows[0]).toHaveTextContent('Draft');
    expect(rows[0]).toHaveTextContent('$12.50 – $18.00');
    expect(rows[0]).toHaveTextContent('4 variants');
    expect(rows[0]).toHaveTextContent('2 available, some running low');
    expect(rows[1]).toHaveTextContent('Out of stock');
    expect(within(rows[0]!).getByRole('link', { name: 'Adson Forceps' })).toHaveAttribute('href', '/staff/products/1');
    expect(screen.getByRole('link', { name: /Import CSV/ })).toHaveAttribute('href', '/staff/products/import');
    expect(screen.getByRole('link', { name: /New product/ })).toHaveAttribute('href', '/staff/products/new');
  });

  it('keeps the search and filters in the address and asks the server for them, back on the first page', async () => {
    api.on('GET', `${LIST}?status=draft&page=2`, 200, page([item(1)], 30));
    api.on('GET', `${LIST}?category=2&status=draft&page=1`, 200, page([item(3)]));
    api.on('GET', `${LIST}?search=SS-3&category=2&status=draft&page=1`, 200, page([item(3)]));
    api.on('GET', `${LIST}?search=SS-3&category=2&status=draft&stock=low&page=1`, 200, page([]));
    const { router } = renderPage('/staff/products?status=draft&page=2');

    await screen.findByTestId('staff-product-row');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('draft');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Scissors'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), '2');
    expect(router.state.location.search).toBe('?status=draft&category=2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'SS-3');
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&category=2&search=SS-3'));
    // The address changes before the page renders with it: choose the next filter once the list has asked for the search.
    await waitFor(() => expect(api.callsTo('GET', `${LIST}?search=SS-3&category=2&status=draft&page=1`)).toHaveLength(1));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stock' }), 'low');
    expect(router.state.location.search).toBe('?status=draft&category=2&search=SS-3&stock=low');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(api.callsTo('GET', `${LIST}?search=SS-3&category=2&status=draft&stock=low&page=1`)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('exports the filtered list as CSV with the session', async () => {
    api.on('GET', `${LIST}?status=archived&page=1`, 200, page([item(1)]));
    api.on('GET', '/api/staff/products/export/?status=archived', 200, 'Handle,Title\n');
    URL.createObjectURL = vi.fn(() => 'blob:products');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    localStorage.setItem('token', 'staff-token');
    renderPage('/staff/products?status=archived');
    await screen.findByTestId('staff-product-row');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.callsTo('GET', '/api/staff/products/export/?status=archived')).toHaveLength(1);
  });
});

describe('staff products: bulk actions', () => {
  beforeEach(() => {
    api.on('GET', `${LIST}?page=1`, 200, page(Array.from({ length: 12 }, (_, i) => item(i + 1))));
  });

  it('asks for the texts of the bulk actions with the page, so that choosing products never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    renderPage();
    await screen.findAllByTestId('staff-product-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Actions on the selected products' })).getByRole('button', { name: 'Change prices' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Change prices by a percentage' })).getByRole('button', { name: 'Change prices' }));
    expect(askedLater(asked, 'staff-products')).toEqual([]);
  });

  it('raises the chosen products\' prices by a percentage after saying how many and by how much', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('POST', '/api/staff/products/bulk/', 200, { updated: 12 });
    renderPage();
    await screen.findAllByTestId('staff-product-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    const bar = screen.getByRole('region', { name: 'Actions on the selected products' });
    expect(bar).toHaveTextContent('12 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Change prices' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Change prices by a percentage' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change prices' }));
    expect(within(dialog).getByRole('textbox', { name: /^Change \(%\)/ })).toHaveAccessibleDescription(/Enter a percentage from −90 to 500/);
    expect(api.callsTo('POST', '/api/staff/products/bulk/')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Change \(%\)/ }), '5');
    expect(within(dialog).getByTestId('bulk-question')).toHaveTextContent("Raise 12 products' prices by 5%?");
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Change \(%\)/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Change \(%\)/ }), '-10');
    expect(within(dialog).getByTestId('bulk-question')).toHaveTextContent("Lower 12 products' prices by 10%?");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change prices' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('12 products updated'));
    expect(api.callsTo('POST', '/api/staff/products/bulk/')[0]!.body).toEqual({ ids: Array.from({ length: 12 }, (_, i) => i + 1), action: 'reprice', percent: -10 });
    expect(screen.queryByRole('region', { name: 'Actions on the selected products' })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the server\'s reason in the field when rounding would break a product\'s prices', async () => {
    api.on('POST', '/api/staff/products/bulk/', 400, {
      detail: 'Validation failed', errors: { percent: ['At this percentage the prices of Product 1 would round…'] },
      issues: { percent: [{ key: 'reprice_breaks_prices', params: { name: 'Product 1' } }] },
    });
    renderPage();
    await screen.findAllByTestId('staff-product-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change prices' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Change prices by a percentage' });
    const field = within(dialog).getByRole('textbox', { name: /^Change \(%\)/ });
    await userEvent.type(field, '-90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change prices' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/the prices of Product 1 would round so that an original price is no longer above/));
    await userEvent.type(field, '5');
    expect(field).not.toHaveAccessibleDescription(/would round/);
  });

  it('moves the chosen products to the category chosen, naming it in the question', async () => {
    api.on('POST', '/api/staff/products/bulk/', 200, { updated: 2 });
    renderPage();
    await screen.findAllByTestId('staff-product-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to category' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByTestId('bulk-question')).toHaveTextContent('Choose the category for 2 products.');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Scissors' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /^New category/ }), '2');
    expect(within(dialog).getByTestId('bulk-question')).toHaveTextContent('Move 2 products to Scissors?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/staff/products/bulk/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/staff/products/bulk/')[0]!.body).toEqual({ ids: [2, 5], action: 'move', category_id: 2 });
  });

  it('asks in Arabic with the plural form of the count', async () => {
    setLocale('ar');
    renderPage();
    await screen.findAllByTestId('staff-product-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'تحديد Product 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'تحديد Product 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'نشر' }));
    expect(within(screen.getByRole('alertdialog')).getByTestId('bulk-question')).toHaveTextContent('نشر منتجين؟ سيراها المشترون في المتجر.');
  });
});
