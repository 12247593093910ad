import { describe, expect, it } from 'vitest';
import type { ExchangeRates } from '#contracts/exchange-rates';
import { convertUsd, formatDate, formatMoney, formatNumber, formatPrice, formatRelative } from './format.ts';

const rates: ExchangeRates = { base: 'USD', rates: { USD: '1.0000', PKR: '278.5000', EUR: '0.9200' }, updated_at: '2026-03-01T00:00:00.000Z' };
/** Intl puts no-break spaces and bidi marks around Arabic amounts, and amounts in RTL are isolated; compare the visible characters. */
const visible = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c\u2068\u2069]/g, '');

describe('convertUsd', () => {
  it('rounds rupees to whole rupees and euros to the cent, half up, from the stored rate', () => {
    expect(convertUsd(45.5, 'PKR', rates)).toBe(12_672); // 12,671.75
    expect(convertUsd('0.01', 'PKR', rates)).toBe(3); // 2.785
    expect(convertUsd(45.5, 'EUR', rates)).toBe(41.86);
    expect(convertUsd('123.45', 'EUR', rates)).toBe(113.57); // 113.574
    expect(convertUsd(0.125, 'USD', rates)).toBe(0.13);
  });

  it('uses the rate exactly as stored, without floating-point drift', () => {
    const odd = { ...rates, rates: { ...rates.rates, EUR: '0.8333', PKR: '280.1250' } };
    expect(convertUsd('1000.00', 'EUR', odd)).toBe(833.3);
    expect(convertUsd('19.99', 'PKR', odd)).toBe(5_600); // 5,599.69875
    expect(convertUsd('18.00', 'EUR', odd)).toBe(15); // 14.9994
  });

  it('has no answer for a currency without a rate', () => {
    expect(convertUsd(10, 'EUR', { ...rates, rates: { USD: '1.0000' } })).toBeUndefined();
    expect(convertUsd(10, 'PKR', undefined)).toBeUndefined();
  });
});

describe('formatPrice', () => {
  it('shows each currency with its symbol and digits in English', () => {
    expect(formatPrice(1234.5, 'en', 'USD', rates)).toBe('$1,234.50');
    expect(formatPrice(45.5, 'en', 'EUR', rates)).toBe('€41.86');
    expect(formatPrice(45.5, 'en', 'PKR', rates)).toBe('PKR 12,672');
  });

  it('writes Urdu prices with the rupee sign and Western digits', () => {
    expect(visible(formatPrice(45.5, 'ur', 'PKR', rates))).toBe('Rs 12,672');
    expect(visible(formatPrice(45.5, 'ur', 'EUR', rates))).toBe('€41.86');
  });

  it('isolates amounts in right-to-left languages so that they keep their own order inside a sentence', () => {
    expect(formatPrice(11.99, 'ur', 'USD', rates)).toBe('\u2068$11.99\u2069');
    expect(formatMoney('11.99', 'USD', 'ar')).toMatch(/^\u2068.*\u2069$/);
    expect(formatPrice(11.99, 'en', 'USD', rates)).toBe('$11.99');
    expect(formatPrice(11.99, 'ar', 'USD', rates)).toContain('US$\u200e');
  });

  it('writes Arabic prices with Arabic-Indic digits and separators, the symbol after the amount', () => {
    expect(visible(formatPrice(1234.5, 'ar', 'USD', rates))).toBe('١٬٢٣٤٫٥٠ US$');
    expect(visible(formatPrice(45.5, 'ar', 'EUR', rates))).toBe('٤١٫٨٦ €');
    expect(visible(formatPrice(45.5, 'ar', 'PKR', rates))).toBe('١٢٬٦٧٢ PKR');
  });

  it('stays in dollars, never a wrong amount, while the rates are unknown', () => {
    expect(formatPrice(45.5, 'en', 'EUR', undefined)).toBe('$45.50');
  });
});

describe('formatMoney', () => {
  it('shows an amount already in its currency exactly, paisa included', () => {
    expect(formatMoney('50213.55', 'PKR', 'en')).toBe('PKR 50,213.55');
    expect(formatMoney(184.81, 'USD', 'en')).toBe('$184.81');
    expect(visible(formatMoney('50213.55', 'PKR', 'ar'))).toBe('٥٠٬٢١٣٫٥٥ PKR');
  });
});

describe('dates and numbers', () => {
  const march5 = new Date('2026-03-05T12:00:00Z');

  it('writes dates in the visitor language', () => {
    expect(formatDate(march5, 'en')).toBe('Mar 5, 2026');
    expect(visible(formatDate(march5, 'ar'))).toBe('٥ مارس ٢٠٢٦');
    expect(visible(formatDate(march5, 'ur'))).toBe('5 مارچ، 2026');
  });

  it('writes relative times in the largest fitting unit', () => {
    expect(formatRelative(new Date('2026-03-02T12:00:00Z'), 'en', march5)).toBe('3 days ago');
    expect(formatRelative(new Date('2026-03-05T14:00:00Z'), 'en', march5)).toBe('in 2 hours');
    expect(formatRelative(new Date('2026-03-04T12:00:00Z'), 'ar', march5)).toBe('أمس');
    expect(formatRelative(new Date('2026-03-02T12:00:00Z'), 'ur', march5)).toBe('3 دنوں پہلے');
  });

  it('writes numbers with the language digits', () => {
    expect(formatNumber(12_345, 'en')).toBe('12,345');
    expect(formatNumber(12_345, 'ar')).toBe('١٢٬٣٤٥');
  });
});
