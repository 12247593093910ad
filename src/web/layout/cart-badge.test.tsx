import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartBadge } from './cart-badge.tsx';

describe('CartBadge', () => {
  it('is hidden for an empty cart', () => {
    const { container } = render(<CartBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    [5, '5'],
    [99, '99'],
    [100, '99+'],
  ])('shows %i as %s', (count, label) => {
    render(<CartBadge count={count} />);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent(new RegExp(`^${label.replace('+', '\\+')}$`));
  });
});
