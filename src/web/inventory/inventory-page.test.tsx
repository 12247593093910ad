import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { askedLater } from '../test/namespaces.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { InventoryPage } from './inventory-page.tsx';

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const item = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: n, productId: 100 + n, variantId: 300 + n, variantLabel: '', productSlug: `scissors-${n}`, productName: `Scissors ${n}`, productModel: `SS-${n}`,
  productBrand: 'Sialkot Surgical', productCategory: 'General Surgery', availableStock: 12, totalStock: 14, reservedStock: 2,
  lowStockThreshold: 5, isInStock: true, isLowStock: false, lastStockCheck: '2026-01-05T10:00:00.000Z', hasDjangoProduct: true,
  stockValue: '140.00', ...overrides,
});
const pageOf = (items: unknown[], totalItems = items.length, page = 1) =>
  ({ items, pagination: { totalItems, page, perPage: 20, totalPages: Math.max(1, Math.ceil(totalItems / 20)) } });

function signInAs(overrides: Record<string, unknown>) {
  localStorage.setItem('token', 'access');
  api.on('GET', '/api/auth/me/', 200, wireUser(overrides));
}

const renderPage = (url = '/inventory') => renderApp([{ path: '/inventory', Component: InventoryPage }], { initialEntries: [url] });

describe('InventoryPage access', () => {
  it('asks a signed-out visitor to log in', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to access this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it("sends a signed-in customer home with 'Admin Access Required'", async () => {
    const error = vi.spyOn(notify, 'error');
    signInAs({});
    renderPage();
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(error).toHaveBeenCalledWith('Admin Access Required', expect.any(String));
    expect(api.calls.some((call) => call.path.startsWith('/api/inventory'))).toBe(false);
  });
});

describe('InventoryPage for staff', () => {
  beforeEach(() => signInAs({ is_staff: true, staff_role: 'fulfilment' }));

  it('shows the real overview figures, never --, once loaded', async () => {
    api.on('GET', '/api/inventory/overview/', 200, { totalProducts: 1240, lowStockItems: 37, outOfStock: 12, totalStockValue: '98765.40' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Inventory Management' })).toBeInTheDocument();
    expect(await screen.findByText('1,240')).toBeInTheDocument();
    expect(screen.getByTestId('tile-Low Stock Items')).toHaveTextContent('37');
    expect(screen.getByTestId('tile-Out of Stock')).toHaveTextContent('12');
    expect(screen.getByTestId('tile-Total Value')).toHaveTextContent('$98,765.40');
    expect(screen.queryByText('--')).not.toBeInTheDocument();
    for (const tab of ['Overview', 'Inventory Items', 'Alerts']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
  });

  it('opens the Alerts tab from the Low Stock Alerts quick action, with the empty text when none', async () => {
    api.on('GET', '/api/inventory/overview/', 200, { totalProducts: 1, lowStockItems: 0, outOfStock: 0, totalStockValue: '1.00' });
    api.on('GET', '/api/inventory/alerts/', 200, { alerts: [] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Low Stock Alerts/ }));
    expect(await screen.findByText('No alerts at the moment')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists items with badge, reserved count, threshold and View Product, and pages above 20', async () => {
    api.on('GET', '/api/inventory/items/?page=1&per_page=20', 200, pageOf([
      item(1),
      item(2, { availableStock: 3, totalStock: 3, reservedStock: 0, isLowStock: true }),
      item(3, { availableStock: 0, totalStock: 0, reservedStock: 0, isInStock: false }),
    ], 45));
    renderPage('/inventory?tab=items');
    const cards = await screen.findAllByTestId('inventory-item');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText('In Stock')).toBeInTheDocument();
    expect(within(cards[0]).getByText('2 reserved')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Low Stock')).toBeInTheDocument();
    expect(within(cards[1]).queryByText(/reserved/)).not.toBeInTheDocument();
    expect(within(cards[2]).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('link', { name: 'View Product' })).toHaveAttribute('href', '/products/scissors-1');
    // Bar: 12 available of (14 current + 5 threshold) = 63%.
    expect(within(cards[0]).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '63');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 3' })).toBeInTheDocument();
  });

  it("shows each item's 24-hour demand, and on a live change refetches the figures and that product's status only", async () => {
    const streams: Array<{ emit: (data: unknown) => void }> = [];
    vi.stubGlobal('EventSource', class {
      onopen = null;
      onerror = null;
      private listeners: Array<(event: MessageEvent<string>) => void> = [];
      constructor() {
        streams.push({ emit: (data) => this.listeners.forEach((listener) => listener(new MessageEvent('stock', { data: JSON.stringify(data) }))) });
      }
      addEventListener(_type: string, listener: (event: MessageEvent<string>) => void) {
        this.listeners.push(listener);
      }
      close() {}
    });
    const demand = (productId: number, totalDemand: number) => ({
      productId, currentStock: 14, availableStock: 12, reservedStock: 2, lowStockThreshold: 5, isFlashSale: false,
      flashSaleEndTime: null, lastUpdated: '2026-01-05T10:00:00.000Z', totalDemand, conversionRate: 0, variants: [],
    });
    api.on('GET', '/api/inventory/items/?page=1&per_page=20', 200, pageOf([item(1), item(2)]));
    api.on('GET', '/api/inventory/101/status/', 200, demand(101, 4));
    api.on('GET', '/api/inventory/101/status/', 200, demand(101, 6));
    api.on('GET', '/api/inventory/102/status/', 200, demand(102, 9));
    renderPage('/inventory?tab=items');
    const cards = await screen.findAllByTestId('inventory-item');
    await waitFor(() => expect(cards[0]).toHaveTextContent('Ordered (24 h)4'));
    expect(cards[1]).toHaveTextContent('Ordered (24 h)9');

    act(() => streams.at(-1)!.emit({ productId: 101, availableStock: 11, currentStock: 13, reservedStock: 2, lowStockThreshold: 5, lastUpdated: '2026-01-05T10:01:00.000Z', variants: [] }));
    await waitFor(() => expect(cards[0]).toHaveTextContent('Ordered (24 h)6'));
    await waitFor(() => expect(api.callsTo('GET', '/api/inventory/items/?page=1&per_page=20')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/inventory/101/status/')).toHaveLength(2);
    expect(api.callsTo('GET', '/api/inventory/102/status/')).toHaveLength(1);
  });

  it('has no pager for 20 items or fewer, and an empty state', async () => {
    api.on('GET', '/api/inventory/items/?page=1&per_page=20', 200, pageOf([item(1)], 1));
    api.on('GET', '/api/inventory/items/?page=1&per_page=20&status=out_of_stock', 200, pageOf([]));
    renderPage('/inventory?tab=items');
    await screen.findAllByTestId('inventory-item');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'out_of_stock');
    expect(await screen.findByText('No inventory items found')).toBeInTheDocument();
  });

  it('shows the error state and tries again', async () => {
    api.on('GET', '/api/inventory/items/?page=1&per_page=20', 500, { detail: 'Database unavailable.' });
    api.on('GET', '/api/inventory/items/?page=1&per_page=20', 200, pageOf([item(1)]));
    renderPage('/inventory?tab=items');
    expect(await screen.findByText('Failed to load inventory data')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('inventory-item')).toBeInTheDocument();
  });

  it('lists open alerts and acknowledges one', async () => {
    const alert = {
      id: 7, productId: 101, variantId: 301, variantLabel: '', productSlug: 'scissors-1', productName: 'Scissors 1', kind: 'out', availableStock: 0, lowStockThreshold: 5,
      openedAt: '2026-01-05T10:00:00.000Z', acknowledged: false, acknowledgedAt: null,
    };
    api.on('GET', '/api/inventory/alerts/', 200, { alerts: [alert] });
    api.on('POST', '/api/inventory/alerts/7/acknowledge/', 200, { ...alert, acknowledged: true, acknowledgedAt: '2026-01-05T11:00:00.000Z' });
    renderPage('/inventory?tab=alerts');
    const row = await screen.findByTestId('stock-alert');
    expect(within(row).getByText('Out of Stock')).toBeInTheDocument();
    api.onDeferred('GET', '/api/inventory/alerts/', () => ({ status: 200, body: { alerts: [{ ...alert, acknowledged: true }] } }));
    await userEvent.click(within(row).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/inventory/alerts/7/acknowledge/')).toHaveLength(1));
    expect(await screen.findByText('Acknowledged')).toBeInTheDocument();
  });

  it('receives stock from the Add Stock dialog', async () => {
    api.on('GET', '/api/inventory/overview/', 200, { totalProducts: 1, lowStockItems: 0, outOfStock: 1, totalStockValue: '0.00' });
    api.on('GET', '/api/inventory/list/', 200, {
      items: [{ productId: 101, variantId: 301, variantLabel: '', productName: 'Scissors 1', productModel: 'SS-1', availableStock: 0, totalStock: 0 }],
    });
    api.on('POST', '/api/inventory/101/movements/create/', 201, {
      movement: { id: 1, productId: 101, variantId: 301, variantLabel: '', productName: 'Scissors 1', kind: 'receive', quantity: 5, reason: 'Delivery', user: 'Amna Khan', createdAt: '2026-01-05T10:00:00.000Z' },
      item: item(1, { availableStock: 5, totalStock: 5, reservedStock: 0 }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Add Stock/ }));
    const dialog = await screen.findByRole('dialog', { name: /Receive stock/ });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /Scissors 1/ })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Product/ }), '301');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Quantity/ }), '5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Delivery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/inventory/101/movements/create/')[0].body).toEqual({ variantId: 301, kind: 'receive', quantity: 5, reason: 'Delivery' });
  });

  it('asks for the texts of every tab with the page, so that a list arriving later never blanks the page and a search being typed', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    api.on('GET', '/api/inventory/items/?page=1&per_page=20', 200, pageOf([item(1)]));
    api.on('GET', '/api/inventory/overview/', 200, { totalProducts: 1, lowStockItems: 0, outOfStock: 0, totalStockValue: '1.00' });
    api.on('GET', '/api/inventory/list/', 200, { items: [] });
    renderPage('/inventory?tab=items');
    await screen.findByTestId('inventory-item');
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    await userEvent.click(await screen.findByRole('button', { name: /Add Stock/ }));
    await screen.findByRole('dialog', { name: /Receive stock/ });
    expect(askedLater(asked, 'inventory')).toEqual([]);
  });
});
