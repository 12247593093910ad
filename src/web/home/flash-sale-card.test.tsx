import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FlashSaleItem } from '#contracts/catalog';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { FlashSaleCard } from './flash-sale-card.tsx';

const now = Date.parse('2030-06-01T10:00:00Z');

function item(overrides: Partial<FlashSaleItem> = {}): FlashSaleItem {
  return {
    id: 1,
    productId: 11,
    variantId: 31,
    variantLabel: '',
    slug: 'mayo-scissors-curved',
    name: 'Mayo Dissecting Scissors, Curved',
    category: 'General Surgery',
    category_translations: { ur: 'جنرل سرجری', ar: 'الجراحة العامة' },
    originalPrice: 48,
    salePrice: 33.6,
    discount: 30,
    image: '/media/instruments/scissors/mayo-scissors-1.svg',
    rating: 4.7,
    totalStock: 100,
    soldCount: 40,
    availableStock: 60,
    isFlashSale: true,
    saleEndTime: '2030-06-01T12:03:05Z',
    ...overrides,
  };
}

describe('FlashSaleCard', () => {
  it('shows prices, discount, countdown and a deal link', () => {
    renderWithRouter(<FlashSaleCard item={item()} now={now} />);

    expect(screen.getByRole('img', { name: 'Mayo Dissecting Scissors, Curved' })).toBeInTheDocument();
    expect(screen.getByText('General Surgery')).toBeInTheDocument();
    expect(screen.getByText('-30%')).toBeInTheDocument();
    expect(screen.getByText('$33.60')).toBeInTheDocument();
    expect(screen.getByText('$48.00').closest('s')).not.toBeNull();
    expect(screen.getByTestId('countdown')).toHaveTextContent('02:03:05');
    expect(screen.getByText('Limited quantity!')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('link', { name: 'Grab Deal Now' })).toHaveAttribute('href', '/products/mayo-scissors-curved?variant=31');
  });

  it('counts down from the time it is given', () => {
    renderWithRouter(<FlashSaleCard item={item()} now={now + 6000} />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('02:02:59');
  });

  it.each([
    [60, 'Selling fast!'],
    [85, 'Almost sold out!'],
  ])('labels %i%% sold as "%s"', (soldCount, label) => {
    renderWithRouter(<FlashSaleCard item={item({ soldCount, availableStock: 100 - soldCount })} now={now} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('offers a disabled "Sold Out" when nothing is left', () => {
    renderWithRouter(<FlashSaleCard item={item({ soldCount: 100, availableStock: 0 })} now={now} />);
    expect(screen.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Grab Deal Now' })).not.toBeInTheDocument();
  });

  it('shows EXPIRED and a disabled "Sale Ended" after the end time', () => {
    renderWithRouter(<FlashSaleCard item={item({ saleEndTime: '2030-06-01T09:59:59Z' })} now={now} />);
    expect(screen.getByText('EXPIRED')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sale Ended' })).toBeDisabled();
  });
});
