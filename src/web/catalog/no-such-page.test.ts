import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';

const COUNTS = [1, 2, 3, 11, 100];
const said = (language: string) => COUNTS.map((count) => i18n.getFixedT(language, 'catalog')('noSuchPage', { page: 120, count }));

describe('a page past the end of the results', () => {
  it('gives the page count its plural form in each language', () => {
    expect(said('en')).toEqual([
      'There is no page 120: these results have 1 page.',
      'There is no page 120: these results have 2 pages.',
      'There is no page 120: these results have 3 pages.',
      'There is no page 120: these results have 11 pages.',
      'There is no page 120: these results have 100 pages.',
    ]);
    expect(said('ur')).toEqual([
      'صفحہ 120 موجود نہیں: ان نتائج کا 1 صفحہ ہے۔',
      'صفحہ 120 موجود نہیں: ان نتائج کے 2 صفحات ہیں۔',
      'صفحہ 120 موجود نہیں: ان نتائج کے 3 صفحات ہیں۔',
      'صفحہ 120 موجود نہیں: ان نتائج کے 11 صفحات ہیں۔',
      'صفحہ 120 موجود نہیں: ان نتائج کے 100 صفحات ہیں۔',
    ]);
    expect(said('ar')).toEqual([
      'لا توجد صفحة ١٢٠: لهذه النتائج صفحة واحدة.',
      'لا توجد صفحة ١٢٠: لهذه النتائج صفحتان.',
      'لا توجد صفحة ١٢٠: لهذه النتائج ٣ صفحات.',
      'لا توجد صفحة ١٢٠: لهذه النتائج ١١ صفحةً.',
      'لا توجد صفحة ١٢٠: لهذه النتائج ١٠٠ صفحة.',
    ]);
  });
});
