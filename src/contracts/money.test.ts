import { describe, expect, it } from 'vitest';
import {
  centsToDecimal, centsToNumber, convertUsdCents, decimalToCents, dollarsToCents, percentOfMinor, rateDisplay, rateE4, usdCentsToPkrMinor,
} from './money.ts';

describe('minor and major units', () => {
  it('formats cents as a two-decimal string', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(12950)).toBe('129.50');
    expect(centsToDecimal(-7500)).toBe('-75.00');
  });

  it('gives cents as a number of dollars, and turns dollars into whole cents without float drift', () => {
    expect(centsToNumber(12950)).toBe(129.5);
    expect(centsToNumber(-5)).toBe(-0.05);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
  });

  it('reads a decimal string of up to two decimals exactly', () => {
    expect(decimalToCents('12.5')).toBe(1250);
    expect(decimalToCents('12.05')).toBe(1205);
    expect(decimalToCents('7')).toBe(700);
    expect(decimalToCents('0.99')).toBe(99);
  });
});

describe('rates', () => {
  it('reads a stored rate in ten-thousandths and shows it with at least two decimals', () => {
    expect(rateE4('278.5000')).toBe(2_785_000);
    expect(rateE4('280.125')).toBe(2_801_250);
    expect(rateDisplay('278.5000')).toBe('278.50');
    expect(rateDisplay('280.1250')).toBe('280.125');
    expect(rateDisplay('0.8333')).toBe('0.8333');
  });
});

describe('usdCentsToPkrMinor: the one rounding rule for rupees', () => {
  it('converts at the stored rate and rounds half up to the whole rupee, in paisa', () => {
    expect(usdCentsToPkrMinor(12_950, '278.5000')).toBe(3_606_600); // 36,065.75 → 36,066
    expect(usdCentsToPkrMinor(22_499, '278.5000')).toBe(6_266_000); // 62,659.715 → 62,660
    expect(usdCentsToPkrMinor(39_909, '278.5000')).toBe(11_114_700); // 111,146.565 → 111,147
    expect(usdCentsToPkrMinor(1, '278.5000')).toBe(300); // 2.785 → 3
    expect(usdCentsToPkrMinor(0, '278.5000')).toBe(0);
  });

  it('rounds an exact half rupee up and anything below it down', () => {
    expect(usdCentsToPkrMinor(100, '2.5000')).toBe(300); // 2.50 → 3
    expect(usdCentsToPkrMinor(100, '2.4999')).toBe(200); // 2.4999 → 2
  });

  it('stays exact in integers for large orders', () => {
    expect(usdCentsToPkrMinor(99_999_999, '280.1250')).toBe(28_012_499_700); // 280,124,997.20 → 280,124,997
  });
});

describe('convertUsdCents', () => {
  it('rounds half up to the cent by default', () => {
    expect(convertUsdCents(4_550, '0.9200')).toBe(4_186); // 41.86
    expect(convertUsdCents(12_345, '0.9200')).toBe(11_357); // 113.574
  });
});

describe('percentOfMinor', () => {
  it('takes a whole percent of an amount, half up to the minor unit', () => {
    expect(percentOfMinor(1_755_000, 30)).toBe(526_500);
    expect(percentOfMinor(1_755, 30)).toBe(527); // 526.5
    expect(percentOfMinor(1_751, 30)).toBe(525); // 525.3
    expect(percentOfMinor(999, 100)).toBe(999);
    expect(percentOfMinor(999, 0)).toBe(0);
  });
});
