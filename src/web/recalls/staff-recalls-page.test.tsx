import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { StaffRecallsPage } from './staff-recalls-page.tsx';

const RECALLS = '/api/recalls/';
const lot = (id: number, lotNumber: string | null, expiryDate: string | null, variant = { productId: 101, variantId: 301, variantLabel: '' }) => ({
  id, ...variant, lotNumber, expiryDate, gtin: null, currentStock: 1500, reservedStock: 0, serialsInStock: [], daysLeft: null,
  status: 'sellable', receivedAt: '2026-01-05T10:00:00.000Z',
});
const recall = {
  id: 5, productId: 101, variantId: 301, variantLabel: '', productSlug: 'mayo-scissors', productName: 'Mayo Scissors', productModel: 'MS-17', lotNumbers: ['A1'],
  reason: 'Sterile barrier seal may be compromised.', openedAt: '2026-03-01T09:00:00.000Z', openedBy: null,
  progress: { orders: 1, units: 2, notified: 1, acknowledged: 0, returned: 0 }, notices: [],
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi()
    .on('GET', '/api/inventory/list/', 200, { items: [{ productId: 101, variantId: 301, variantLabel: '', productName: 'Mayo Scissors', productModel: 'MS-17', availableStock: 3, totalStock: 3 }] })
    .on('GET', '/api/lots/products/101/', 200, { lots: [lot(1, 'A1', '2028-01-31'), lot(2, 'B2', null), lot(3, null, null)] });
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(StaffRecallsPage, { path: '/staff/recalls', url: '/staff/recalls' });

async function chooseProduct(name = /^Product/) {
  await waitFor(() => expect(screen.getByRole('option', { name: 'Mayo Scissors (MS-17)' })).toBeInTheDocument());
  await userEvent.selectOptions(screen.getByRole('combobox', { name }), '301');
}

describe('opening a recall', () => {
  beforeEach(() => api.on('GET', RECALLS, 200, { recalls: [] }));

  it('names missing lots and a short reason under their fields and sends nothing', async () => {
    renderPage();
    await chooseProduct();
    await userEvent.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Seal');
    await userEvent.click(screen.getByRole('button', { name: 'Open recall' }));

    await waitFor(() => expect(screen.getByRole('group', { name: 'Lots to recall' })).toHaveAccessibleDescription('Choose at least one lot.'));
    expect(screen.getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription('Enter at least 10 characters.');
    expect(api.callsTo('POST', RECALLS)).toHaveLength(0);
  });

  it('lists the numbered lots, sends the chosen ones and says how many orders were told', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('POST', RECALLS, 201, recall);
    renderPage();
    await chooseProduct();
    const lots = await screen.findAllByRole('checkbox');
    expect(lots.map((box) => box.closest('label')!.textContent)).toEqual(['A1 · expires 2028-01-31 · 1,500 in stock', 'B2 · 1,500 in stock']);
    await userEvent.click(lots[0]!);
    await userEvent.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Sterile barrier seal may be compromised.');
    await userEvent.click(screen.getByRole('button', { name: 'Open recall' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Recall opened', '1 affected order was notified.'));
    expect(api.callsTo('POST', RECALLS)[0]!.body)
      .toEqual({ productId: 101, variant_id: 301, lotNumbers: ['A1'], reason: 'Sterile barrier seal may be compromised.' });
    expect(screen.getByRole('checkbox', { name: /A1/ })).not.toBeChecked();
  });

  it('offers each variant, lists only its lots and recalls them as that variant’s', async () => {
    const plate = (variantId: number, variantLabel: string) => ({ productId: 102, variantId, variantLabel });
    api.onDeferred('GET', '/api/inventory/list/', () => ({ status: 200, body: {
      items: [
        { ...plate(401, '4 holes'), productName: 'Locking Plate', productModel: 'LP-4', availableStock: 3, totalStock: 3 },
        { ...plate(402, '6 holes'), productName: 'Locking Plate', productModel: 'LP-6', availableStock: 3, totalStock: 3 },
      ],
    } }));
    api.on('GET', '/api/lots/products/102/', 200, {
      lots: [lot(11, 'LP-1', null, plate(401, '4 holes')), lot(12, 'LP-1', null, plate(402, '6 holes')), lot(13, 'LP-2', null, plate(402, '6 holes'))],
    });
    api.on('POST', RECALLS, 201, { ...recall, ...plate(402, '6 holes') });
    renderPage();
    const six = await screen.findByRole('option', { name: 'Locking Plate · 6 holes (LP-6)' });
    expect(screen.getByRole('option', { name: 'Locking Plate · 4 holes (LP-4)' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Product/ }), six);
    const lots = await screen.findAllByRole('checkbox');
    expect(lots.map((box) => box.closest('label')!.textContent)).toEqual(['LP-1 · 1,500 in stock', 'LP-2 · 1,500 in stock']);
    await userEvent.click(lots[0]!);
    await userEvent.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Screw holes out of tolerance.');
    await userEvent.click(screen.getByRole('button', { name: 'Open recall' }));

    await waitFor(() => expect(api.callsTo('POST', RECALLS)).toHaveLength(1));
    expect(api.callsTo('POST', RECALLS)[0]!.body)
      .toEqual({ productId: 102, variant_id: 402, lotNumbers: ['LP-1'], reason: 'Screw holes out of tolerance.' });
  });

  it("shows the server's answer about a lot under the lots", async () => {
    api.on('POST', RECALLS, 400, {
      detail: 'Validation failed', errors: { lotNumbers: ['Lot A1 is already recalled.'] }, issues: { lotNumbers: [{ key: 'invalid' }] },
    });
    renderPage();
    await chooseProduct();
    await userEvent.click(await screen.findByRole('checkbox', { name: /A1/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Sterile barrier seal may be compromised.');
    await userEvent.click(screen.getByRole('button', { name: 'Open recall' }));

    await waitFor(() => expect(screen.getByRole('group', { name: 'Lots to recall' })).toHaveAccessibleDescription('Lot A1 is already recalled.'));
  });

  it('names the problems in Arabic', async () => {
    setLocale('ar');
    renderPage();
    await chooseProduct(/^المنتج/);
    await userEvent.click(screen.getByRole('button', { name: 'فتح السحب' }));

    await waitFor(() => expect(screen.getByRole('group', { name: 'الدفعات المطلوب سحبها' })).toHaveAccessibleDescription('اختر دفعة واحدة على الأقل.'));
    expect(api.callsTo('POST', RECALLS)).toHaveLength(0);
  });
});

describe('recalls opened', () => {
  it('counts the orders in words that agree with the number, and names no one when no one is known', async () => {
    api.on('GET', RECALLS, 200, { recalls: [recall] });
    renderPage();
    const card = await screen.findByTestId('recall-card');
    expect(within(card).getByTestId('recall-progress')).toHaveTextContent('1 order · 1 notified · 0 acknowledged · 0 returned');
    expect(card).toHaveTextContent('Lots A1 · Opened Mar 1, 2026');
    expect(card).not.toHaveTextContent(/ by /);
  });
});
