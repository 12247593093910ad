import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { setLocale } from './locale-store.ts';

const COUNTS = [0, 1, 2, 3, 11, 100];
const saved = (language: string) => COUNTS.map((count) => i18n.getFixedT(language, 'wishlist')('itemsSaved', { count }));

describe('plural forms', () => {
  it('gives Arabic its six forms, with Arabic-Indic digits', () => {
    expect(saved('ar')).toEqual(['لا منتجات محفوظة', 'منتج واحد محفوظ', 'منتجان محفوظان', '٣ منتجات محفوظة', '١١ منتجًا محفوظًا', '١٠٠ منتج محفوظ']);
  });

  it('gives Urdu and English their one and other forms', () => {
    expect(saved('ur')).toEqual(['0 آئٹمز محفوظ ہیں', '1 آئٹم محفوظ ہے', '2 آئٹمز محفوظ ہیں', '3 آئٹمز محفوظ ہیں', '11 آئٹمز محفوظ ہیں', '100 آئٹمز محفوظ ہیں']);
    expect(saved('en')).toEqual(['0 items saved', '1 item saved', '2 items saved', '3 items saved', '11 items saved', '100 items saved']);
  });

  it('follows the visitor language as it changes', () => {
    setLocale('ar');
    expect(i18n.language).toBe('ar');
    expect(i18n.t('itemsSaved', { ns: 'wishlist', count: 2 })).toBe('منتجان محفوظان');
  });
});
