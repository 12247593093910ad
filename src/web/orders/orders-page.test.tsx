import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuyerNotice } from '#contracts/recalls';
import { i18n } from '../i18n/i18n.ts';
import { mockApi } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderApp } from '../test/render-app.tsx';
import { order } from './order-fixtures.ts';
import { OrdersPage } from './orders-page.tsx';
import { orderReturnsAnswer } from '../returns/return-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const notice: BuyerNotice = {
  id: 4, recallId: 2, orderId: order().id, orderNumber: 'SS-7K2M9QXD', productName: 'Mayo Scissors', productSlug: 'mayo-scissors',
  variantId: 17, variantLabel: '', lotNumbers: ['L2403'], quantity: 1, reason: 'Seal may be compromised.', openedAt: '2026-03-11T10:00:00.000Z',
  acknowledgedAt: null, returnStatus: null, rma: null,
};

describe('OrdersPage', () => {
  it('asks for the texts of its orders, their details and recall notices with the page, so that none arriving blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    mockApi()
      .on('GET', '/api/orders/?page=1&status=all', 200, { orders: [order()], totalPages: 1, count: 1 })
      .on('GET', '/api/recalls/notices/', 200, { notices: [notice] });
    renderApp([{ path: '/orders', Component: OrdersPage }], { initialEntries: ['/orders'] });

    const card = await screen.findByRole('article', { name: 'Order SS-7K2M9QXD' });
    await screen.findByRole('heading', { name: 'Recall: Mayo Scissors, lot L2403' });
    await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(askedLater(asked, 'orders')).toEqual([]);
  });

  it('asks for the texts of a delivered order\'s returns with the page', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    mockApi()
      .on('GET', '/api/orders/?page=1&status=all', 200, { orders: [order({ status: 'delivered' })], totalPages: 1, count: 1 })
      .on('GET', '/api/recalls/notices/', 200, { notices: [] })
      .on('GET', '/api/orders/SS-7K2M9QXD/returns/', 200, orderReturnsAnswer());
    renderApp([{ path: '/orders', Component: OrdersPage }], { initialEntries: ['/orders'] });

    const card = await screen.findByRole('article', { name: 'Order SS-7K2M9QXD' });
    await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
    expect(await screen.findByRole('button', { name: 'Return items' })).toBeInTheDocument();
    expect(askedLater(asked, 'orders')).toEqual([]);
  });
});
