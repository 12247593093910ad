import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductGridSkeleton } from './product-grid.tsx';

describe('ProductGrid', () => {
  it('lays the grid view out in two columns from the narrowest width (phones), more from lg', () => {
    render(<ProductGridSkeleton view="grid" label="Loading products" />);
    const grid = screen.getByRole('status', { name: 'Loading products' });
    const columns = grid.className.split(' ').filter((name) => name.includes('grid-cols-'));
    expect(columns).toEqual(['grid-cols-2', 'lg:grid-cols-3', 'xl:grid-cols-4']);
  });

  it('keeps the list view one product per row', () => {
    render(<ProductGridSkeleton view="list" label="Loading products" />);
    expect(screen.getByRole('status', { name: 'Loading products' }).className).not.toMatch(/grid-cols-/);
  });
});
