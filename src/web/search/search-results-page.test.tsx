import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notify } from '../components/ui/notify.ts';
import { renderApp } from '../test/render-app.tsx';
import { mockApi } from '../test/mock-api.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { SearchResultsPage } from './search-results-page.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();
const result = (overrides: Record<string, unknown>) => ({
  id: 1, slug: 'satinsky-clamp', name: 'Satinsky Vena Cava Clamp', brand: 'Aesculap', modelNumber: 'SS-1001', variantId: null, category: 'Cardiology',
  category_translations: { ur: 'امراضِ قلب', ar: 'أمراض القلب' },
  price: 98, image: '', licence_required: false,
  relevanceScore: 0.8, matchType: 'semantic', highlights: ['Satinsky &lt;b&gt; <mark>Clamp</mark>'], ...overrides,
});

const renderPage = (q: string) => renderApp([{ path: '/search', Component: SearchResultsPage }], { initialEntries: [`/search?q=${q}`] });

describe('SearchResultsPage', () => {
  it('shows badges, server-marked highlights, prices, brands, model numbers and the semantic toast with the true total', async () => {
    mockApi().on('POST', '/api/search', 200, {
      query: 'heart clamp', total: 135,
      results: [result({}), result({ id: 2, slug: 'satinsky-2', brand: 'Medline', modelNumber: 'ML-77', matchType: 'exact', highlights: ['Satinsky'] })],
    });
    renderPage('heart%20clamp');
    expect(await screen.findByText('AI match')).toBeVisible();
    expect(screen.getByText('Exact')).toBeVisible();
    expect(screen.getAllByText('$98.00')).toHaveLength(2);
    const links = screen.getAllByRole('link', { name: 'Satinsky Vena Cava Clamp' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/products/satinsky-clamp', '/products/satinsky-2']);
    // Two identical names, told apart by brand and catalogue number.
    expect(links[0].nextElementSibling).toHaveTextContent('Brand: Aesculap · Model: SS-1001');
    expect(links[1].nextElementSibling).toHaveTextContent('Brand: Medline · Model: ML-77');
    expect(screen.getByText('Showing 2 of 135 matches')).toBeVisible();
    const mark = screen.getAllByText('Clamp', { selector: 'mark' })[0];
    expect(mark.parentElement).toHaveTextContent('Satinsky <b> Clamp');
    // Catalogue text keeps its own direction in Urdu and Arabic pages.
    expect(mark.parentElement).toHaveAttribute('dir', 'auto');
    expect(notify.success).toHaveBeenCalledWith('Search completed', 'Found 135 results using AI semantic search');
  });

  it('shows an empty state, and an error with a working retry', async () => {
    mockApi()
      .on('POST', '/api/search', 500, { detail: 'Internal server error.' })
      .on('POST', '/api/search', 200, { query: 'zzz', total: 0, results: [] });
    renderPage('zzz');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No products found')).toBeVisible());
  });

  it('counts one result in the singular, and Arabic in its own forms and digits', async () => {
    mockApi().on('POST', '/api/search', 200, { query: 'clamp', total: 1, results: [result({ matchType: 'exact' })] });
    renderPage('clamp');
    expect(await screen.findByText('Showing 1 of 1 match')).toBeVisible();
    expect(notify.success).toHaveBeenCalledWith('Search completed', 'Found 1 result');
  });

  it.each([
    [1, 'تم العثور على نتيجة واحدة'],
    [2, 'تم العثور على نتيجتين'],
    [3, 'تم العثور على ٣ نتائج'],
    [11, 'تم العثور على ١١ نتيجةً'],
    [100, 'تم العثور على ١٠٠ نتيجة'],
  ])('says in Arabic how many of %i results it found', async (total, found) => {
    setLocale('ar');
    mockApi().on('POST', '/api/search', 200, { query: 'clamp', total, results: [result({ matchType: 'exact' })] });
    renderPage('clamp');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('اكتمل البحث', found));
  });

  it('names the category in Urdu', async () => {
    setLocale('ur');
    mockApi().on('POST', '/api/search', 200, { query: 'clamp', total: 1, results: [result({})] });
    renderPage('clamp');
    expect(await screen.findByText('امراضِ قلب')).toBeVisible();
    expect(screen.queryByText('Cardiology')).not.toBeInTheDocument();
  });
});
