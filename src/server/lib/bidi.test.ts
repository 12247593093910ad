import { describe, expect, it } from 'vitest';
import { visualOrder } from './bidi.ts';

/** The line as drawn, left to right. */
const drawn = (line: string) => visualOrder(line).map((c) => c.char).join('');
const reversed = (text: string) => [...text].reverse().join('');

describe('visualOrder', () => {
  it('leaves left-to-right text as it is', () => {
    expect(drawn('Invoice number: SS-2026-0001')).toBe('Invoice number: SS-2026-0001');
  });

  it('draws an Arabic line from the right, with a Latin order number in its own order on its left', () => {
    expect(drawn('رقم الفاتورة: SS-2026-0001')).toBe(`SS-2026-0001 :${reversed('رقم الفاتورة')}`);
  });

  it('mirrors brackets in right-to-left text', () => {
    expect(drawn('الخصم (SAVE10)')).toBe(`(SAVE10) ${reversed('الخصم')}`);
    expect(drawn('الإجمالي (بالدولار)')).toBe(`(${reversed('بالدولار')}) ${reversed('الإجمالي')}`);
  });

  it('keeps Arabic-Indic numbers left to right, and a dollar sign after an Arabic word on the left of its amount only when isolated', () => {
    expect(drawn('المبلغ ١٢٩٫٥٠')).toBe(`١٢٩٫٥٠ ${reversed('المبلغ')}`);
    expect(drawn('کی $387.48')).toBe(`387.48$ ${reversed('کی')}`);
    expect(drawn('کی \u2068$387.48\u2069')).toBe(`$387.48 ${reversed('کی')}`);
  });

  it('keeps a bracketed code and an isolated number apart (the number does not pull the bracket)', () => {
    expect(drawn('نمبر (NTN): \u20681234567-8\u2069')).toBe(`1234567-8 :(NTN) ${reversed('نمبر')}`);
  });

  it('gives a line the direction of its first letter, left to right when it has none', () => {
    expect(drawn('12 Hospital Road')).toBe('12 Hospital Road');
    expect(drawn('+92 300 1234567')).toBe('+92 300 1234567');
    expect(drawn('\u2068$129.50\u2069 فی عدد')).toBe(`${reversed('فی عدد')} $129.50`);
  });

  it('leaves out directional marks and isolate controls, and marks right-to-left characters with odd levels', () => {
    const line = visualOrder('\u2068\u200f٣٨٧٫٤٨ US$\u200e\u2069');
    expect(line.map((c) => c.char).join('')).toBe('US$ ٣٨٧٫٤٨');
    expect(visualOrder('ab ج').map((c) => c.level % 2)).toEqual([0, 0, 0, 1]);
  });
});
