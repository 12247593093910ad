import { describe, expect, it } from 'vitest';
import { combinations, fitOptions, generateVariants } from './variant-combinations.ts';

interface Row { id?: number; options: Record<string, string>; stock: number }
const blank = (options: Record<string, string>): Row => ({ options, stock: 0 });
const LENGTH = { name: 'Length', values: ['14 cm', '18 cm'] };
const TIP = { name: 'Tip', values: ['Straight', 'Curved'] };

describe('variant combinations', () => {
  it('makes every combination, the first option varying slowest, and one empty choice without options', () => {
    expect(combinations([LENGTH, TIP])).toEqual([
      { Length: '14 cm', Tip: 'Straight' }, { Length: '14 cm', Tip: 'Curved' },
      { Length: '18 cm', Tip: 'Straight' }, { Length: '18 cm', Tip: 'Curved' },
    ]);
    expect(combinations([])).toEqual([{}]);
  });

  it('keeps the existing variants whose values remain, with their ids and stock, and drops the ones whose value went', () => {
    const existing: Row[] = [
      { id: 7, options: { Length: '18 cm', Tip: 'Curved' }, stock: 12 },
      { id: 8, options: { Length: '16 cm', Tip: 'Straight' }, stock: 3 },
    ];
    const rows = generateVariants([LENGTH, TIP], existing, blank);
    expect(rows.map((row) => [row.id, row.options, row.stock])).toEqual([
      [undefined, { Length: '14 cm', Tip: 'Straight' }, 0],
      [undefined, { Length: '14 cm', Tip: 'Curved' }, 0],
      [undefined, { Length: '18 cm', Tip: 'Straight' }, 0],
      [7, { Length: '18 cm', Tip: 'Curved' }, 12],
    ]);
  });

  it('gives an added option to the existing variants, each kept once, and keeps the single variant when options arrive', () => {
    const sized: Row[] = [{ id: 1, options: { Length: '14 cm' }, stock: 5 }, { id: 2, options: { Length: '18 cm' }, stock: 6 }];
    expect(generateVariants([LENGTH, TIP], sized, blank).map((row) => row.id)).toEqual([1, undefined, 2, undefined]);
    expect(generateVariants([LENGTH], [{ id: 9, options: {}, stock: 4 }], blank).map((row) => [row.id, row.options])).toEqual([
      [9, { Length: '14 cm' }], [undefined, { Length: '18 cm' }],
    ]);
  });

  it('prefers the variant with exactly the values over one that only does not contradict them', () => {
    const rows: Row[] = [{ id: 1, options: { Length: '14 cm' }, stock: 1 }, { id: 2, options: { Length: '14 cm', Tip: 'Curved' }, stock: 2 }];
    expect(generateVariants([{ name: 'Length', values: ['14 cm'] }, TIP], rows, blank).map((row) => row.id)).toEqual([1, 2]);
  });

  it('finds variants fitting when each names one value of every option, not necessarily every combination', () => {
    expect(fitOptions([LENGTH, TIP], [{ options: { Length: '14 cm', Tip: 'Curved' } }, { options: { Length: '18 cm', Tip: 'Straight' } }])).toBe(true);
    expect(fitOptions([], [{ options: {} }])).toBe(true);
    expect(fitOptions([LENGTH], [{ options: { Length: '16 cm' } }])).toBe(false);
    expect(fitOptions([LENGTH, TIP], [{ options: { Length: '14 cm' } }])).toBe(false);
    expect(fitOptions([LENGTH], [{ options: { Length: '14 cm', Tip: 'Curved' } }])).toBe(false);
    expect(fitOptions([LENGTH], [{ options: { Length: '14 cm' } }, { options: { Length: '14 cm' } }])).toBe(false);
    expect(fitOptions([LENGTH], [])).toBe(false);
  });
});
