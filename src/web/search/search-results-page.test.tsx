import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notify } from '../components/ui/notify.ts';
import { renderApp } from '../test/render-app.tsx';
import { mockApi } from '../test/mock-api.ts';
import { SearchResultsPage } from './search-results-page.tsx';

vi.mock('../components/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const result = (overrides: Record<string, unknown>) => ({
  id: 1, slug: 'satinsky-clamp', name: 'Satinsky Vena Cava Clamp', category: 'Cardiology', price: 98, image: '',
  relevanceScore: 0.8, matchType: 'semantic', highlights: ['Satinsky &lt;b&gt; <mark>Clamp</mark>'], ...overrides,
});

const renderPage = (q: string) => renderApp([{ path: '/search', Component: SearchResultsPage }], { initialEntries: [`/search?q=${q}`] });

describe('SearchResultsPage', () => {
  it('shows badges, server-marked highlights, prices and the semantic toast', async () => {
    mockApi().on('POST', '/api/search', 200, {
      query: 'heart clamp', total: 2,
      results: [result({}), result({ id: 2, slug: 'cooley', name: 'Cooley Clamp', matchType: 'exact', highlights: ['Cooley'] })],
    });
    renderPage('heart%20clamp');
    expect(await screen.findByText('AI match')).toBeVisible();
    expect(screen.getByText('Exact')).toBeVisible();
    expect(screen.getAllByText('$98.00')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Satinsky Vena Cava Clamp' })).toHaveAttribute('href', '/products/satinsky-clamp');
    const mark = screen.getAllByText('Clamp', { selector: 'mark' })[0];
    expect(mark.parentElement).toHaveTextContent('Satinsky <b> Clamp');
    expect(notify.success).toHaveBeenCalledWith('Search completed', 'Found 2 results using AI semantic search');
  });

  it('shows an empty state, and an error with a working retry', async () => {
    mockApi()
      .on('POST', '/api/search', 500, { detail: 'Internal server error.' })
      .on('POST', '/api/search', 200, { query: 'zzz', total: 0, results: [] });
    renderPage('zzz');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No products found')).toBeVisible());
  });
});
