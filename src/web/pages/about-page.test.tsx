import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { AboutPage } from './about-page.tsx';

describe('about page', () => {
  it('gives the shop in English with its figures', () => {
    renderWithRouter(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Precision instruments from Sialkot since 2009' })).toBeInTheDocument();
    expect(screen.getByText('500+')).toBeInTheDocument();
    expect(screen.getByText('1000+')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Terms of sale' })).toBeInTheDocument();
  });

  it('writes its figures in Arabic digits in Arabic', () => {
    setLocale('ar');
    renderWithRouter(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'أدوات دقيقة من سيالكوت منذ ٢٠٠٩' })).toBeInTheDocument();
    expect(screen.getByText('+٥٠٠')).toBeInTheDocument();
    expect(screen.getByText(/في أكثر من ٢٥ دولة/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'شروط البيع' })).toBeInTheDocument();
  });
});
