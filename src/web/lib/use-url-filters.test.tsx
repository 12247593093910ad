import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilters } from './use-url-filters.ts';

/** The hook on a page opened at `url`, with the address it leaves and how it got there (a new history entry or not). */
function renderAt(url: string) {
  let router: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const { result } = renderHook(() => ({ ...useUrlFilters<'search' | 'status'>(), location: useLocation(), navigation: useNavigationType() }), { wrapper });
  return { result, address: () => `${result.current.location.pathname}${result.current.location.search}` };
}

describe('useUrlFilters', () => {
  it('reads the page, a whole number from 1, whatever the address holds', () => {
    expect(renderAt('/list?page=3').result.current.page).toBe(3);
    expect(renderAt('/list?page=2.7').result.current.page).toBe(2);
    expect(renderAt('/list?page=-4').result.current.page).toBe(1);
    expect(renderAt('/list?page=many').result.current.page).toBe(1);
    expect(renderAt('/list').result.current.page).toBe(1);
  });

  it('sets and drops filters in place, keeps the others and goes back to the first page', () => {
    const { result, address } = renderAt('/list?status=low_stock&page=4&tab=items');
    act(() => result.current.setFilters({ search: 'kelly forceps' }));
    expect(address()).toBe('/list?status=low_stock&tab=items&search=kelly+forceps');
    expect(result.current.navigation).toBe('REPLACE');
    expect(result.current.page).toBe(1);
    act(() => result.current.setFilters({ status: '', search: undefined }));
    expect(address()).toBe('/list?tab=items');
    expect(result.current.params.get('status')).toBeNull();
  });

  it('links to, and moves on to, another page of the same filters', () => {
    const { result, address } = renderAt('/list?search=mayo&page=2');
    expect(result.current.hrefFor(5)).toBe('?search=mayo&page=5');
    act(() => result.current.goTo(3));
    expect(address()).toBe('/list?search=mayo&page=3');
    expect(result.current.navigation).toBe('PUSH');
    expect(result.current.page).toBe(3);
  });
});
