import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { pageItems, Pagination } from './pagination.tsx';

describe('pageItems', () => {
  it('lists every page when there are at most 7', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows the neighbours of the current page between the first and the last', () => {
    expect(pageItems(5, 24)).toEqual([1, '…', 4, 5, 6, '…', 24]);
    expect(pageItems(12, 24)).toEqual([1, '…', 11, 12, 13, '…', 24]);
  });

  it('keeps seven items near either end', () => {
    expect(pageItems(1, 24)).toEqual([1, 2, 3, 4, 5, '…', 24]);
    expect(pageItems(4, 24)).toEqual([1, 2, 3, 4, 5, '…', 24]);
    expect(pageItems(21, 24)).toEqual([1, '…', 20, 21, 22, 23, 24]);
    expect(pageItems(24, 24)).toEqual([1, '…', 20, 21, 22, 23, 24]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(99, 24)).toEqual(pageItems(24, 24));
    expect(pageItems(0, 24)).toEqual(pageItems(1, 24));
  });
});

describe('Pagination', () => {
  const hrefFor = (page: number) => `/products?page=${page}`;

  it('disables Previous on the first page and links the rest', () => {
    renderWithRouter(<Pagination current={1} total={24} hrefFor={hrefFor} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/products?page=2');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 24' })).toHaveAttribute('href', '/products?page=24');
  });

  it('disables Next on the last page', () => {
    renderWithRouter(<Pagination current={24} total={24} hrefFor={hrefFor} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/products?page=23');
  });

  it('is not shown for a single page', () => {
    renderWithRouter(<Pagination current={1} total={1} hrefFor={hrefFor} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
