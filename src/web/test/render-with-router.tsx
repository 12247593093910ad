import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** Renders a component inside a memory router so links and navigation work. */
export function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <p>Navigated</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
