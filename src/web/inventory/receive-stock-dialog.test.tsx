import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { ReceiveStockDialog, type ReceiveTarget } from './receive-stock-dialog.tsx';

const RECEIVE = '/api/inventory/101/movements/create/';
let api: ReturnType<typeof mockApi>;
const onOpenChange = vi.fn();

beforeEach(() => {
  api = mockApi();
  api.on('GET', '/api/inventory/list/', 200, {
    items: [{ productId: 101, variantId: 301, variantLabel: '', productName: 'Scissors 1', productModel: 'SS-1', availableStock: 1200, totalStock: 1200 }],
  });
});
afterEach(() => {
  setLocale('en');
  onOpenChange.mockReset();
  vi.unstubAllGlobals();
});

const renderDialog = (product?: ReceiveTarget) =>
  renderRoute(() => <ReceiveStockDialog open product={product} onOpenChange={onOpenChange} />, { path: '/', url: '/' });

describe('ReceiveStockDialog', () => {
  it('names the missing product and quantity under their fields and sends nothing', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: /Receive stock/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive stock' }));

    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Product/ })).toHaveAccessibleDescription('Choose a product.'));
    expect(within(dialog).getByRole('spinbutton', { name: /Quantity/ })).toHaveAccessibleDescription('Enter a whole number of at least 1.');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).not.toHaveAttribute('aria-invalid');
    expect(api.callsTo('POST', RECEIVE)).toHaveLength(0);
  });

  it('checks a scanned code as the server does, and leaves a blank one out', async () => {
    api.on('POST', RECEIVE, 201, {
      movement: { id: 1, productId: 101, variantId: 301, variantLabel: '', productName: 'Scissors 1', kind: 'receive', quantity: 2, reason: '', user: 'Amna Khan', createdAt: '2026-01-05T10:00:00.000Z' },
      item: {
        id: 1, productId: 101, variantId: 301, variantLabel: '', productSlug: 'scissors-1', productName: 'Scissors 1', productModel: 'SS-1', productBrand: 'Sialkot Surgical',
        productCategory: 'General Surgery', availableStock: 1202, totalStock: 1202, reservedStock: 0, lowStockThreshold: 5, isInStock: true,
        isLowStock: false, lastStockCheck: '2026-01-05T10:00:00.000Z', hasDjangoProduct: true, stockValue: '140.00',
      },
    });
    renderDialog({ productId: 101, variantId: 301, productName: 'Scissors 1', variantLabel: '' });
    const dialog = screen.getByRole('dialog', { name: /Receive stock/ });
    const gs1 = within(dialog).getByRole('textbox', { name: /GS1 code/ });
    await userEvent.type(gs1, '(01)09506000134352(17)301231');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Quantity/ }), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive stock' }));
    await waitFor(() => expect(gs1).toHaveAccessibleDescription(/^The code has no lot \(10\): stock is received by lot\./));
    expect(api.callsTo('POST', RECEIVE)).toHaveLength(0);

    await userEvent.clear(gs1);
    await userEvent.type(gs1, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive stock' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.callsTo('POST', RECEIVE)[0]!.body).toEqual({ variantId: 301, kind: 'receive', quantity: 2, reason: '' });
  });

  it('offers each variant of a product and receives into the one chosen', async () => {
    api.onDeferred('GET', '/api/inventory/list/', () => ({ status: 200, body: {
      items: [
        { productId: 102, variantId: 401, variantLabel: '14 cm · Straight', productName: 'Metzenbaum Scissors', productModel: 'MZ-14', availableStock: 3, totalStock: 3 },
        { productId: 102, variantId: 402, variantLabel: '18 cm · Curved', productName: 'Metzenbaum Scissors', productModel: 'MZ-18', availableStock: 0, totalStock: 0 },
      ],
    } }));
    const url = '/api/inventory/102/movements/create/';
    api.on('POST', url, 201, {
      movement: { id: 2, productId: 102, variantId: 402, variantLabel: '18 cm · Curved', productName: 'Metzenbaum Scissors', kind: 'receive', quantity: 4, reason: '', user: 'Amna Khan', createdAt: '2026-01-05T10:00:00.000Z' },
      item: {
        id: 2, productId: 102, variantId: 402, variantLabel: '18 cm · Curved', productSlug: 'metzenbaum-scissors', productName: 'Metzenbaum Scissors',
        productModel: 'MZ-18', productBrand: 'Sialkot Surgical', productCategory: 'General Surgery', availableStock: 4, totalStock: 4, reservedStock: 0,
        lowStockThreshold: 5, isInStock: true, isLowStock: true, lastStockCheck: '2026-01-05T10:00:00.000Z', hasDjangoProduct: true, stockValue: '104.00',
      },
    });
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: /Receive stock/ });
    const curved = await within(dialog).findByRole('option', { name: /^Metzenbaum Scissors · 18 cm · Curved \(MZ-18\)/ });
    expect(within(dialog).getByRole('option', { name: /^Metzenbaum Scissors · 14 cm · Straight \(MZ-14\)/ })).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Product/ }), curved);
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Quantity/ }), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive stock' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.callsTo('POST', url)[0]!.body).toEqual({ variantId: 402, kind: 'receive', quantity: 4, reason: '' });
  });

  it("puts the server's per-field answer on its field", async () => {
    api.on('POST', RECEIVE, 400, {
      detail: 'Validation failed',
      errors: { gs1: ['This lot expired on 2026-01-01: it cannot be received for sale.'] },
      issues: { gs1: [{ key: 'invalid' }] },
    });
    renderDialog({ productId: 101, variantId: 301, productName: 'Scissors 1', variantLabel: '' });
    const dialog = screen.getByRole('dialog', { name: /Receive stock/ });
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Quantity/ }), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive stock' }));

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /GS1 code/ }))
      .toHaveAccessibleDescription(/^This lot expired on 2026-01-01: it cannot be received for sale\./));
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('names the problems in Arabic, and counts the stock in Arabic digits', async () => {
    setLocale('ar');
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: /استلام مخزون/ });
    expect(await within(dialog).findByRole('option', { name: /١٬٢٠٠/ })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'استلام مخزون' }));

    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /المنتج/ })).toHaveAccessibleDescription('اختر منتجًا.'));
    expect(within(dialog).getByRole('spinbutton', { name: /الكمية/ })).toHaveAccessibleDescription('أدخل عددًا صحيحًا لا يقل عن 1.');
    expect(api.callsTo('POST', RECEIVE)).toHaveLength(0);
  });
});
