import { describe, expect, it } from 'vitest';
import { centsToDecimal, dollarsToCents } from './money.ts';

describe('money', () => {
  it('formats cents as a two-decimal string', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(12950)).toBe('129.50');
    expect(centsToDecimal(-7500)).toBe('-75.00');
  });

  it('turns dollars into whole cents without float drift', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
  });
});
