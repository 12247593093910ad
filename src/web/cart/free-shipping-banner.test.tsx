import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { FreeShippingBanner, freeShippingText } from './free-shipping-banner.tsx';

const english = i18n.getFixedT('en', 'cart');

describe('FreeShippingBanner', () => {
  it('says how much more earns free shipping', () => {
    expect(freeShippingText('410.00', english)).toBe('Add $410.00 more for FREE shipping');
    expect(freeShippingText('1234.50', english)).toBe('Add $1,234.50 more for FREE shipping');
  });

  it('says when the order already ships free', () => {
    expect(freeShippingText('0.00', english)).toBe('Your order qualifies for FREE shipping');
  });

  it('shows the progress on the subtotal', () => {
    render(<FreeShippingBanner cart={{ subtotal: '125.00', free_shipping_threshold: '500.00', amount_to_free_shipping: '375.00' }} />);

    expect(screen.getByText('Add $375.00 more for FREE shipping')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  });
});
