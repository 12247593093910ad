import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './errors/route-error-page.tsx';
import { routes } from './router.tsx';

describe('routes', () => {
  it('answers an unknown path with the 404 page', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/no/such/page'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /Browse products/ })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: /View categories/ })).toHaveAttribute('href', '/categories');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
  });

  it('shows the application error page when a route fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('Cannot read the catalogue');
    }
    const router = createMemoryRouter([{ path: '/', Component: Broken, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Cannot read the catalogue')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reload page/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/');
    vi.restoreAllMocks();
  });
});
