import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Category } from '#contracts/catalog';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { CategoryCard } from './category-card.tsx';

const category = (image: string): Category => ({
  id: 1, slug: 'general-surgery', name: 'General Surgery', description: 'Forceps, scissors and retractors.', image, product_count: 2, translations: {},
});

describe('CategoryCard', () => {
  it('shows the category picture, named for screen readers', () => {
    renderWithRouter(<CategoryCard category={category('/media/categories/general-surgery.svg')} to="/categories/general-surgery" />);
    expect(screen.getByRole('img', { name: /General Surgery/ })).toHaveAttribute('src', '/media/categories/general-surgery.svg');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/categories/general-surgery');
  });

  it('shows a plain tile, and no image to fetch, for a category without a picture', () => {
    const { container } = renderWithRouter(<CategoryCard category={category('')} to="/categories/general-surgery" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { name: 'General Surgery' })).toBeInTheDocument();
  });
});
