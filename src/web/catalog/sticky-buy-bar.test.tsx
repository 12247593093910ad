import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '#contracts/catalog';
import { renderApp } from '../test/render-app.tsx';
import { StickyBuyBar, stickyBarShown } from './sticky-buy-bar.tsx';

describe('stickyBarShown', () => {
  it('shows the bar only once the page’s own buy button has scrolled out of view above', () => {
    expect(stickyBarShown({ bottom: 300 })).toBe(false);
    // Not reached yet: the button is below the fold.
    expect(stickyBarShown({ bottom: 1200 })).toBe(false);
    expect(stickyBarShown({ bottom: -4 })).toBe(true);
  });
});

describe('StickyBuyBar', () => {
  const product = {
    id: 4, slug: 'mayo-scissors', name: 'Mayo Scissors', price: '24.50', original_price: null, stock_quantity: 12, is_in_stock: true,
    licence_required: false, variant_count: 1, variants: [{ id: 40 }],
  } as unknown as ProductDetail;

  it('carries the price and the page’s buy button, and lifts the floating things above it only while shown', () => {
    const view = renderApp([{ path: '/', element: <StickyBuyBar product={product} quantity={2} shown /> }]);
    const bar = screen.getByTestId('sticky-buy-bar');
    expect(bar).toBeVisible();
    expect(within(bar).getByText('$24.50')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
    view.unmount();
    expect(document.documentElement.style.getPropertyValue('--bottom-bar')).toBe('');

    renderApp([{ path: '/', element: <StickyBuyBar product={product} quantity={1} shown={false} /> }]);
    expect(screen.getByTestId('sticky-buy-bar')).not.toBeVisible();
  });
});
