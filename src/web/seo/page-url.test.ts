import { describe, expect, it } from 'vitest';
import { isLocale } from '../i18n/locale-store.ts';
import { localeOfSearch, pageUrl } from './page-url.ts';

describe('a page\'s address in each language', () => {
  it('lists the page\'s parameters in the order given, leaves out empty ones, and puts the language last', () => {
    const query = [['category', 'cardiology'], ['search', ''], ['ordering', 'price'], ['page', 2]] as const;
    expect(pageUrl('https://shop.example', '/products', query, 'en')).toBe('https://shop.example/products?category=cardiology&ordering=price&page=2');
    expect(pageUrl('https://shop.example', '/products', query, 'ar')).toBe('https://shop.example/products?category=cardiology&ordering=price&page=2&lang=ar');
    expect(pageUrl('https://shop.example', '/about', [], 'ur')).toBe('https://shop.example/about?lang=ur');
  });

  it('reads the language a link names, and nothing else', () => {
    expect(localeOfSearch('?page=2&lang=ur', isLocale)).toBe('ur');
    expect(localeOfSearch('?lang=fr', isLocale)).toBeUndefined();
    expect(localeOfSearch('', isLocale)).toBeUndefined();
  });
});
