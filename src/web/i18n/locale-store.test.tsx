import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});
afterEach(() => localStorage.clear());

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
