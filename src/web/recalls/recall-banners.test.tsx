import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BuyerNotice } from '#contracts/recalls';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { RecallBanners } from './recall-banners.tsx';

const notice = (overrides: Partial<BuyerNotice> = {}): BuyerNotice => ({
  id: 4, recallId: 2, orderId: 'o-1', orderNumber: 'SS-1001', productName: 'Mayo Scissors', productSlug: 'mayo-scissors',
  variantId: 9, variantLabel: '', lotNumbers: ['L2403'], quantity: 1, reason: 'Seal may be compromised.', openedAt: '2026-03-01T10:00:00.000Z',
  acknowledgedAt: null, returnStatus: null, rma: null, ...overrides,
});

function renderBanners(notices: BuyerNotice[]) {
  mockApi().on('GET', '/api/recalls/notices/', 200, { notices });
  renderRoute(() => <RecallBanners />, { path: '/', url: '/' });
}

describe('recall banners', () => {
  it('speak of one lot and one unit in the singular', async () => {
    renderBanners([notice()]);
    expect(await screen.findByRole('heading', { name: 'Recall: Mayo Scissors, lot L2403' })).toBeInTheDocument();
    expect(screen.getByText('Order SS-1001 included 1 recalled unit. Stop using it and set it aside.')).toBeInTheDocument();
  });

  it('speak of several lots and units in the plural', async () => {
    renderBanners([notice({ lotNumbers: ['L2403', 'L2407'], quantity: 3 })]);
    expect(await screen.findByRole('alert', { name: 'Recall: Mayo Scissors, lots L2403 and L2407' })).toBeInTheDocument();
    expect(screen.getByText('Order SS-1001 included 3 recalled units. Stop using them and set them aside.')).toBeInTheDocument();
  });

  it('give Arabic its dual, with Arabic-Indic digits', async () => {
    renderBanners([notice({ lotNumbers: ['L2403', 'L2407'], quantity: 2 })]);
    await screen.findByTestId('recall-banner');
    act(() => setLocale('ar'));
    expect(await screen.findByRole('heading', { name: 'سحب منتج: Mayo Scissors، الدفعتان L2403 وL2407' })).toBeInTheDocument();
    expect(screen.getByText('احتوى الطلب SS-1001 على وحدتين مسحوبتين. توقّف عن استخدامهما وضعهما جانبًا.')).toBeInTheDocument();
  });
});
