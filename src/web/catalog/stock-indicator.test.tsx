import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StockIndicator, stockBarShare, stockStatus } from './stock-indicator.tsx';

describe('stockStatus', () => {
  it('is out at zero, low at or under the threshold, otherwise in stock', () => {
    expect(stockStatus(0, 5)).toBe('out');
    expect(stockStatus(-1, 5)).toBe('out');
    expect(stockStatus(1, 5)).toBe('low');
    expect(stockStatus(5, 5)).toBe('low');
    expect(stockStatus(6, 5)).toBe('in');
  });
});

describe('stockBarShare', () => {
  it('is the available share of current stock plus the threshold', () => {
    expect(stockBarShare(15, 25, 5)).toBe(50);
    expect(stockBarShare(10, 10, 10)).toBe(50);
  });

  it('is capped at 100 and never negative or NaN', () => {
    expect(stockBarShare(200, 50, 5)).toBe(100);
    expect(stockBarShare(0, 0, 0)).toBe(0);
    expect(stockBarShare(-3, 10, 5)).toBe(0);
  });
});

describe('StockIndicator', () => {
  it('shows the badge, the count and the bar once loaded', () => {
    render(<StockIndicator reading={{ state: 'loaded', available: 3, current: 3, threshold: 5 }} />);
    expect(screen.getByText('Low Stock')).toBeInTheDocument();
    expect(screen.getByText('3 available')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Stock level' })).toHaveAttribute('aria-valuenow', '38');
  });

  it('shows Error with -- available when the reading failed', () => {
    render(<StockIndicator reading={{ state: 'error' }} />);
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('-- available')).toBeInTheDocument();
  });

  it('shows Live, or Updating... while refreshing', () => {
    const reading = { state: 'loaded', available: 0, current: 0, threshold: 5 } as const;
    const { rerender } = render(<StockIndicator reading={reading} live />);
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    rerender(<StockIndicator reading={reading} live updating />);
    expect(screen.getByText('Updating...')).toBeInTheDocument();
  });
});
