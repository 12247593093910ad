import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../test/render-app.tsx';
import { mockApi } from '../test/mock-api.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { SearchBox } from './search-box.tsx';
import { HISTORY_KEY } from './search-history.ts';

const VOICE_UNSUPPORTED = 'Voice search is not supported in this browser.';

const renderBox = () => renderApp([{ path: '/', element: <SearchBox /> }]);

describe('SearchBox', () => {
  it('shows local history on focus when empty', async () => {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(['kelly forceps', 'autoclave']));
    renderBox();
    fireEvent.focus(screen.getByRole('combobox', { name: 'Search instruments' }));
    expect(await screen.findByRole('listbox', { name: 'Recent searches' })).toBeVisible();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['kelly forceps', 'autoclave']);
  });

  it('asks for suggestions after more than 2 characters and navigates them with the keyboard', async () => {
    const api = mockApi().on('POST', '/api/search/suggestions', 200, {
      suggestions: [
        { id: 'product-1', text: 'Metzenbaum Dissecting Scissors', text_translations: {}, type: 'product', confidence: 0.8 },
        { id: 'intent-x', text: 'Dissecting scissors', text_translations: {}, type: 'intent', confidence: 0.7 },
      ],
    });
    renderBox();
    const box = screen.getByRole('combobox', { name: 'Search instruments' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'me' } });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(api.calls).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'metzenbam' } });
    const options = await screen.findAllByRole('option');
    expect(api.calls[0].body).toEqual({ query: 'metzenbam' });
    expect(box).toHaveAttribute('aria-expanded', 'true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search?q=Metzenbaum+Dissecting+Scissors'));
    expect(JSON.parse(localStorage.getItem(HISTORY_KEY)!)).toEqual(['Metzenbaum Dissecting Scissors']);
  });

  it('shows a category suggestion in Urdu and searches for its English name', async () => {
    setLocale('ur');
    mockApi().on('POST', '/api/search/suggestions', 200, {
      suggestions: [{ id: 'category-cardiology', text: 'Cardiology', text_translations: { ur: 'امراضِ قلب', ar: 'أمراض القلب' }, type: 'category', confidence: 0.95 }],
    });
    renderBox();
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'card' } });
    const option = await screen.findByRole('option');
    expect(option).toHaveTextContent('امراضِ قلب');
    fireEvent.click(option);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search?q=Cardiology'));
  });

  it('closes the list on Escape', async () => {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(['autoclave']));
    renderBox();
    const box = screen.getByRole('combobox', { name: 'Search instruments' });
    fireEvent.focus(box);
    await screen.findByRole('option');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('explains that voice search is unsupported where the browser lacks speech recognition', () => {
    renderBox();
    const voice = screen.getByRole('button', { name: VOICE_UNSUPPORTED });
    expect(voice).toBeDisabled();
    expect(voice).toHaveAttribute('title', VOICE_UNSUPPORTED);
  });

  it('searches for a spoken query in en-US, one utterance', async () => {
    const instances: Record<string, unknown>[] = [];
    class FakeRecognition {
      lang = '';
      continuous = true;
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onerror = null;
      onend = null;
      constructor() {
        instances.push(this as unknown as Record<string, unknown>);
      }
      start() {}
      abort() {}
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    renderBox();
    fireEvent.click(screen.getByRole('button', { name: 'Search by voice' }));
    expect(screen.getByRole('button', { name: 'Stop voice search' })).toHaveAttribute('aria-pressed', 'true');
    // The speech session's code loads on this first press.
    await waitFor(() => expect(instances).toHaveLength(1));
    expect(instances[0]).toMatchObject({ lang: 'en-US', continuous: false, interimResults: false });
    (instances[0].onresult as (event: unknown) => void)({ results: [[{ transcript: 'bone saw' }]] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search?q=bone+saw'));
  });
});
