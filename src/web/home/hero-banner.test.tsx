import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { HeroBanner } from './hero-banner.tsx';
import { i18n } from '../i18n/i18n.ts';
import { heroSlides } from './hero-slides.ts';

const HERO_SLIDES = heroSlides(i18n.getFixedT('en', 'home'), '$500');

function currentTitle() {
  return screen.getByRole('heading', { level: 2 }).textContent;
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HeroBanner', () => {
  it('has four slides and advances every 4 seconds, wrapping around', () => {
    expect(HERO_SLIDES).toHaveLength(4);
    renderWithRouter(<QueryClientProvider client={new QueryClient()}><HeroBanner slides={HERO_SLIDES} /></QueryClientProvider>);
    expect(currentTitle()).toBe(HERO_SLIDES[0].title);

    act(() => vi.advanceTimersByTime(3999));
    expect(currentTitle()).toBe(HERO_SLIDES[0].title);

    act(() => vi.advanceTimersByTime(1));
    expect(currentTitle()).toBe(HERO_SLIDES[1].title);

    for (const expected of [2, 3, 0]) {
      act(() => vi.advanceTimersByTime(4000));
      expect(currentTitle()).toBe(HERO_SLIDES[expected].title);
    }
  });

  it('pauses while hovered and resumes afterwards', () => {
    renderWithRouter(<QueryClientProvider client={new QueryClient()}><HeroBanner slides={HERO_SLIDES} /></QueryClientProvider>);
    const carousel = screen.getByRole('region', { name: 'Featured' });

    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(12_000));
    expect(currentTitle()).toBe(HERO_SLIDES[0].title);

    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(4000));
    expect(currentTitle()).toBe(HERO_SLIDES[1].title);
  });

  it('lets a dot choose a slide', () => {
    renderWithRouter(<QueryClientProvider client={new QueryClient()}><HeroBanner slides={HERO_SLIDES} /></QueryClientProvider>);
    fireEvent.click(screen.getByRole('button', { name: /Show slide 3 of 4/ }));
    expect(currentTitle()).toBe(HERO_SLIDES[2].title);
    expect(screen.getByRole('button', { name: /Show slide 3 of 4/ })).toHaveAttribute('aria-current', 'true');
  });

  it('can be paused with the pause button', () => {
    renderWithRouter(<QueryClientProvider client={new QueryClient()}><HeroBanner slides={HERO_SLIDES} /></QueryClientProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => vi.advanceTimersByTime(8000));
    expect(currentTitle()).toBe(HERO_SLIDES[0].title);
    expect(screen.getByRole('button', { name: 'Resume slideshow' })).toBeInTheDocument();
  });

  it('does not rotate for people who prefer reduced motion', () => {
    stubReducedMotion(true);
    renderWithRouter(<QueryClientProvider client={new QueryClient()}><HeroBanner slides={HERO_SLIDES} /></QueryClientProvider>);
    act(() => vi.advanceTimersByTime(12_000));
    expect(currentTitle()).toBe(HERO_SLIDES[0].title);
  });
});
