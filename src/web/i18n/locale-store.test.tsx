import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});
afterEach(() => {
  localStorage.clear();
  document.cookie = 'shop.locale=; path=/; max-age=0';
});

const freshStore = () => import('./locale-store.ts');

describe('locale store', () => {
  it('starts in English, left to right, when nothing is stored or the stored value is not a language', async () => {
    localStorage.setItem('shop.locale', 'fr');
    const { getLocale } = await freshStore();
    expect(getLocale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('sets <html lang dir> at once, right to left for Urdu and Arabic, and keeps the choice for the next visit', async () => {
    const { setLocale } = await freshStore();
    setLocale('ur');
    expect(document.documentElement.lang).toBe('ur');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('shop.locale')).toBe('ur');
    setLocale('en');
    expect(document.documentElement.dir).toBe('ltr');
    setLocale('ar');

    const next = await (vi.resetModules(), freshStore());
    expect(next.getLocale()).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('tells the server the choice by cookie, also a choice stored before the cookie existed', async () => {
    localStorage.setItem('shop.locale', 'ur');
    await freshStore();
    expect(document.cookie).toContain('shop.locale=ur');
    const { setLocale } = await (vi.resetModules(), freshStore());
    setLocale('ar');
    expect(document.cookie).toContain('shop.locale=ar');
  });

  it('starts from the language a server-rendered page was rendered in, storing nothing until a choice is made', async () => {
    localStorage.setItem('shop.locale', 'ur');
    const { getLocale, localeChoice } = await freshStore();
    localeChoice.adopt('en');
    expect(getLocale()).toBe('en');
    expect(localeChoice.stored()).toBe('ur');
    // A link's language is the visitor's choice even when the page was already rendered in it.
    localeChoice.adopt('ar');
    localeChoice.set('ar');
    expect(localStorage.getItem('shop.locale')).toBe('ar');
  });

  it('re-renders every reader when the language changes', async () => {
    const { setLocale, useLocale } = await freshStore();
    function Greeting() {
      const locale = useLocale();
      return <p data-locale={locale}>{locale === 'ar' ? 'مرحبًا' : 'Hello'}</p>;
    }
    render(<Greeting />);
    expect(screen.getByText('Hello')).toHaveAttribute('data-locale', 'en');
    act(() => setLocale('ar'));
    expect(screen.getByText('مرحبًا')).toHaveAttribute('data-locale', 'ar');
  });
});
