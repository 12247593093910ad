import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductListItem } from '#contracts/catalog';
import { DataText } from '../components/ui/data-text.tsx';
import { setLocale } from '../i18n/locale-store.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { ProductCard } from './product-card.tsx';

const needleHolder: ProductListItem = {
  id: 3,
  slug: 'mayo-hegar-needle-holder-14-cm',
  name: 'Mayo-Hegar Needle Holder (TC), 14 cm',
  description: 'Tungsten carbide inserts.',
  short_description: 'Tungsten carbide inserts (TC).',
  category: 'general-surgery',
  category_name: 'General Surgery',
  category_name_translations: { ur: 'جنرل سرجری', ar: 'الجراحة العامة' },
  brand: 'Zenith Instruments',
  model_number: 'ZI-2014',
  price: '42.99',
  original_price: null,
  price_max: '42.99',
  variant_count: 1,
  stock_quantity: 12,
  is_in_stock: true,
  main_image: '',
  image_srcset: '',
  certifications: ['CE'],
  average_rating: 0,
  review_count: 0,
  handling: [],
  licence_required: false,
};

/** The closest element that sets its own direction from its content: dir="auto", or a <bdi>. */
const isolating = (element: HTMLElement) => element.closest('[dir="auto"], bdi');

describe('catalogue data in a right-to-left page', () => {
  it('wraps a Latin product name, its description and brand in elements that take their own direction', () => {
    act(() => setLocale('ar'));
    renderWithRouter(<ProductCard product={needleHolder} />);
    expect(document.documentElement.dir).toBe('rtl');

    const heading = screen.getByRole('heading', { name: needleHolder.name });
    expect(heading).toHaveAttribute('dir', 'auto');
    expect(heading.textContent).toBe(needleHolder.name);
    // The truncating elements are the isolated ones, so they clip at the end of the Latin text.
    expect(heading).toHaveClass('line-clamp-2');
    expect(isolating(screen.getByText(needleHolder.short_description))).toHaveClass('line-clamp-2');
    expect(isolating(screen.getByText(needleHolder.brand))).toHaveClass('truncate');
  });

  it('shows the category in the visitor\'s language, and in English where it has no translation', () => {
    act(() => setLocale('ur'));
    const { unmount } = renderWithRouter(<ProductCard product={needleHolder} />);
    const article = screen.getByRole('article');
    expect(within(article).getByText('جنرل سرجری')).toHaveAttribute('dir', 'auto');
    unmount();

    act(() => setLocale('ar'));
    renderWithRouter(<ProductCard product={{ ...needleHolder, category_name_translations: { ur: 'جنرل سرجری' } }} />);
    expect(isolating(screen.getByText('General Surgery'))).not.toBeNull();
  });

  it('is a <bdi> inline and the given element as a block, both dir="auto"', () => {
    renderWithRouter(<p>رقم الطلب <DataText>ORD-2026-0042</DataText> <DataText as="span" className="block">a@b.pk</DataText></p>);
    const inline = screen.getByText('ORD-2026-0042');
    expect(inline.tagName).toBe('BDI');
    expect(inline).toHaveAttribute('dir', 'auto');
    const block = screen.getByText('a@b.pk');
    expect(block.tagName).toBe('SPAN');
    expect(block).toHaveAttribute('dir', 'auto');
    expect(block).toHaveClass('data-text', 'block');
  });
});
